/**
 * The Sites pages, one per route of routes.tsx (loaded with the module's chunk, not the
 * entry): each reads its validated params and search, and composes the shared layout. On a
 * phone the sheet is a page above the list (back returns to it, at the same row); on a wide
 * screen the list stays beside it with the open site highlighted.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { SplitLayout, useWideLayout } from '../../../components/module/SplitLayout';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { can } from '../../../lib/rights';
import { siteQueryOptions } from '../api/get-site';
import { siteEditHref, siteHref, siteNewHref, sitesListHref, siteTypesHref } from '../paths';
import { validateSiteSearch } from '../search';
import { SiteForm } from './SiteForm';
import { SiteSheet } from './SiteSheet';
import { SitesList } from './SitesList';
import { SiteTypesPage } from './SiteTypesPage';

function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateSiteSearch(raw);
}

function useSiteId(): string {
  const params: { siteId?: string } = useParams({ strict: false });
  return params.siteId ?? '';
}

/** Back: to the page before when there is one (the list, scrolled where it was), else to the list. */
function useBack(fallback: string) {
  const router = useRouter();
  return () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ href: fallback, replace: true });
  };
}

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

export function SiteNewPage() {
  const router = useRouter();
  const back = useBack(sitesListHref());
  return <SiteForm onCancel={back} onDone={(id) => void router.navigate({ href: id === null ? sitesListHref() : siteHref(id), replace: true })} />;
}

export function SiteEditPage() {
  const { t } = useTranslation('sites');
  const siteId = useSiteId();
  const back = useBack(siteHref(siteId));
  const site = useQuery(siteQueryOptions(siteId));
  if (site.data === undefined) {
    return (
      <ModulePage title={t('form.edit_title', { name: '' })} onBack={back}>
        {site.isError ? <p role="alert">{describeApiError(site.error)}</p> : <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
      </ModulePage>
    );
  }
  return <SiteForm key={site.data.id} site={site.data} onCancel={back} onDone={() => back()} />;
}

export function SiteTypesRoutePage() {
  const back = useBack(sitesListHref());
  return <SiteTypesPage onBack={back} />;
}
