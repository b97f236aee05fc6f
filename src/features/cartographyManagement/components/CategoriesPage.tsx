/** Cartography management's interestPointManagement view: being built (session 18). */
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module';

export function CategoriesPage() {
  const { t } = useTranslation('common');
  return <ModulePage title={t('module_views.interestPointManagement')}>{null}</ModulePage>;
}
