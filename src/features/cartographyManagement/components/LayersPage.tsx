/** Cartography management's layerManagement view: being built (session 18). */
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module';

export function LayersPage() {
  const { t } = useTranslation('common');
  return <ModulePage title={t('module_views.layerManagement')}>{null}</ModulePage>;
}
