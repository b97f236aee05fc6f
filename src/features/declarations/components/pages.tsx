/**
 * The readers' Declarations pages, one per route of routes.tsx (the module's chunk): the list,
 * a declaration's sheet (beside the list on a wide screen), and the report form. The template
 * manager is in manage-pages.tsx, a chunk of its own.
 */
import { IonButton } from '@ionic/react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { SplitLayout, useWideLayout } from '../../../components/module/SplitLayout';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { can } from '../../../lib/rights';
import { showToast } from '../../../lib/toast';
import { listParams } from '../api/reads';
import { downloadApiFile } from '../../../lib/download';
import { currentActor } from '../../../lib/current-actor';
import { declarationHref, declarationsListHref, reportHref, templatesHref } from '../paths';
import { DeclarationSheet } from './DeclarationSheet';
import { DeclarationsList } from './DeclarationsList';
import { pinnedPosition, type DeclarationListSearch } from '../search';
import { useBack, useListSearch, useParam, useReportSearch } from './page-hooks';
import { ReportForm } from './ReportForm';

/** The list's header actions, on the list's own page and beside a sheet: report; managers export and manage the types. */
function ListActions({ search }: { search: DeclarationListSearch }) {
  const { t } = useTranslation('declarations');
  const router = useRouter();
  const rights = useEnvelope((state) => state.rights);
  const manager = can(rights, 'declarations', 'manage');
  const exportCsv = () => {
    const { sort: _sort, ...filters } = search;
    void downloadApiFile('declarations/export.csv', listParams(filters, currentActor()?.id ?? null), 'declarations.csv').catch((error: unknown) =>
      showToast({ message: describeApiError(error), kind: 'danger' }),
    );
  };
  return (
    <>
      <IonButton onClick={() => void router.navigate({ href: reportHref() })}>{t('list.report')}</IonButton>
      {manager && (
        <>
          <IonButton fill="outline" onClick={exportCsv}>
            {t('list.export')}
          </IonButton>
          <IonButton fill="outline" onClick={() => void router.navigate({ href: templatesHref() })}>
            {t('list.templates')}
          </IonButton>
        </>
      )}
    </>
  );
}

export function DeclarationsListPage() {
  const { t } = useTranslation('declarations');
  const search = useListSearch();
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')} actions={<ListActions search={search} />}>
          <DeclarationsList search={search} />
        </ModulePage>
      }
      detail={null}
      placeholder={t('list.choose')}
    />
  );
}

export function DeclarationSheetPage() {
  const { t } = useTranslation('declarations');
  const search = useListSearch();
  const id = useParam('declarationId');
  const wide = useWideLayout();
  const back = useBack(declarationsListHref(search));
  return (
    <SplitLayout
      list={
        <ModulePage title={t('list.title')} actions={<ListActions search={search} />}>
          <DeclarationsList search={search} selectedId={id} />
        </ModulePage>
      }
      detail={<DeclarationSheet key={id} declarationId={id} onBack={wide ? undefined : back} />}
      placeholder={t('list.choose')}
    />
  );
}

export function ReportPage() {
  const choice = useReportSearch();
  const router = useRouter();
  const back = useBack(declarationsListHref());
  return (
    <ReportForm
      templateId={choice.template}
      siteId={choice.site}
      pinned={pinnedPosition(choice.at)}
      onChooseTemplate={(template) => void router.navigate({ href: reportHref({ ...choice, template }), replace: true })}
      onDone={(id) => void router.navigate({ href: declarationHref(id), replace: true })}
      onCancel={back}
    />
  );
}
