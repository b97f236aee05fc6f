/** Cartography management's incident view: being built (session 18). */
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module';

export function IncidentsPage() {
  const { t } = useTranslation('common');
  return <ModulePage title={t('module_views.incident')}>{null}</ModulePage>;
}
