/** Cartography management's mapsArea view: being built (session 18). */
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module';

export function AreasPage() {
  const { t } = useTranslation('common');
  return <ModulePage title={t('module_views.mapsArea')}>{null}</ModulePage>;
}
