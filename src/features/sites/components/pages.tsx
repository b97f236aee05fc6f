/**
 * The reader's site list page (/site/view/infoV2; a chunk of its own, not the entry). A site's
 * sheet is sheet-page.tsx, another chunk: the list's first visit does not download the sheet,
 * its attachments and its photo picker. The managers' pages are in manage-pages.tsx.
 */
import { useTranslation } from 'react-i18next';
import { NavButton, RecordListPage } from '../../../components/module/RecordPages';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { siteNewHref, siteTypesHref } from '../paths';
import { useListSearch } from './page-hooks';
import { SitesList } from './SitesList';

export function SitesListPage() {
  const { t } = useTranslation('sites');
  const search = useListSearch();
  const manager = can(useEnvelope((state) => state.rights), 'sites', 'manage');
  const actions = manager ? (
    <>
      <NavButton href={siteNewHref()}>{t('list.new')}</NavButton>
      <NavButton href={siteTypesHref()} outline>
        {t('list.types')}
      </NavButton>
    </>
  ) : undefined;
  return <RecordListPage title={t('list.title')} placeholder={t('list.choose')} actions={actions} list={<SitesList search={search} />} />;
}
