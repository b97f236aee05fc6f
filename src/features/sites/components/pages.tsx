/**
 * The reader's Sites pages, one per route of routes.tsx (the module's chunk, not the entry):
 * the list, and a site's sheet. On a phone the sheet is a page above the list (back returns to
 * it, at the same row); on a wide screen the list stays beside it with the open site
 * highlighted. The managers' pages are in manage-pages.tsx, a chunk of their own.
 */
import { IonButton } from '@ionic/react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { SplitLayout, useWideLayout } from '../../../components/module/SplitLayout';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { siteEditHref, siteNewHref, sitesListHref, siteTypesHref } from '../paths';
import { useBack, useListSearch, useSiteId } from './page-hooks';
import { SiteSheet } from './SiteSheet';
import { SitesList } from './SitesList';

export function SitesListPage() {
  const { t } = useTranslation('sites');
  const search = useListSearch();
  const router = useRouter();
  const rights = useEnvelope((state) => state.rights);
  const manager = can(rights, 'sites', 'manage');
  const actions = manager ? (
    <>
      <IonButton onClick={() => void router.navigate({ href: siteNewHref() })}>{t('list.new')}</IonButton>
      <IonButton fill="outline" onClick={() => void router.navigate({ href: siteTypesHref() })}>
        {t('list.types')}
      </IonButton>
    </>
  ) : undefined;
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')} actions={actions}>
          <SitesList search={search} />
        </ModulePage>
      }
      detail={null}
      placeholder={t('list.choose')}
    />
  );
}

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

