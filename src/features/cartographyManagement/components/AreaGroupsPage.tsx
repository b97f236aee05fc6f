/** Cartography management's mapsAreaGroup view: being built (session 18). */
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module';

export function AreaGroupsPage() {
  const { t } = useTranslation('common');
  return <ModulePage title={t('module_views.mapsAreaGroup')}>{null}</ModulePage>;
}
