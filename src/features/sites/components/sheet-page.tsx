/**
 * A site's sheet page (/site/$siteId). On a phone the sheet is a page above the list (back
 * returns to it, at the same row); on a wide screen the list stays beside it with the open
 * site highlighted.
 */
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RecordSheetPage } from '../../../components/module/RecordPages';
import { siteEditHref, sitesListHref } from '../paths';
import { useListSearch, useSiteId } from './page-hooks';
import { SiteSheet } from './SiteSheet';
import { SitesList } from './SitesList';

export function SiteSheetPage() {
  const { t } = useTranslation('sites');
  const search = useListSearch();
  const siteId = useSiteId();
  const router = useRouter();
  return (
    <RecordSheetPage
      title={t('list.title')}
      placeholder={t('list.choose')}
      listHref={sitesListHref(search)}
      recordId={siteId}
      list={(selectedId) => <SitesList search={search} selectedId={selectedId} />}
      sheet={(onBack) => <SiteSheet siteId={siteId} onBack={onBack} onEdit={() => void router.navigate({ href: siteEditHref(siteId) })} />}
    />
  );
}
