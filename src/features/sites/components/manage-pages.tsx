/**
 * The managers' Sites pages (sites.admin, guarded by their routes): create a site, edit one,
 * the site types. A chunk of their own: readers never load the form or the contract's schemas.
 */
import { IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { describeApiError } from '../../../lib/error-messages';
import { siteQueryOptions } from '../api/get-site';
import { siteHref, sitesListHref } from '../paths';
import { useBack, useSiteId } from './page-hooks';
import { SiteForm } from './SiteForm';
import { SiteTypesPage } from './SiteTypesPage';

/**
 * A saved new site opens its sheet, maybe offline by then: the sheet's code is fetched as the
 * form opens, while the network that brought the form is there (the Sites screens' own
 * prefetch waits for an idle moment, which a quick user does not leave).
 */
const loadSheet = () => void import('./sheet-page').catch(() => undefined);

export function SiteNewPage() {
  const router = useRouter();
  const back = useBack(sitesListHref());
  useEffect(loadSheet, []);
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
