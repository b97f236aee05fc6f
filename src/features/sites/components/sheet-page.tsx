/**
 * A site's sheet page (/site/$siteId). On a phone the sheet is a page above the list (back
 * returns to it, at the same row); on a wide screen the list stays beside it with the open
 * site highlighted.
 */
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { SplitLayout, useWideLayout } from '../../../components/module/SplitLayout';
import { siteEditHref, sitesListHref } from '../paths';
import { useBack, useListSearch, useSiteId } from './page-hooks';
import { SiteSheet } from './SiteSheet';
import { SitesList } from './SitesList';

export function SiteSheetPage() {
  const { t } = useTranslation('sites');
  const search = useListSearch();
  const siteId = useSiteId();
  const router = useRouter();
  const wide = useWideLayout();
  const back = useBack(sitesListHref(search));
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')}>
          <SitesList search={search} selectedId={siteId} />
        </ModulePage>
      }
      detail={<SiteSheet key={siteId} siteId={siteId} onBack={wide ? undefined : back} onEdit={() => void router.navigate({ href: siteEditHref(siteId) })} />}
      placeholder={t('list.choose')}
    />
  );
}

