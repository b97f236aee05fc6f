/**
 * The reader's site list page (/site/view/infoV2; a chunk of its own, not the entry). A site's
 * sheet is sheet-page.tsx, another chunk: the list's first visit does not download the sheet,
 * its attachments and its photo picker. The managers' pages are in manage-pages.tsx.
 */
import { IonButton } from '@ionic/react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { SplitLayout } from '../../../components/module/SplitLayout';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { siteNewHref, siteTypesHref } from '../paths';
import { useListSearch } from './page-hooks';
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
