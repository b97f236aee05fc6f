/** Cartography management's interestPointView view: being built (session 18). */
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module';

export function PointsPage() {
  const { t } = useTranslation('common');
  return <ModulePage title={t('module_views.interestPointView')}>{null}</ModulePage>;
}
