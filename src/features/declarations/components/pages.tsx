/**
 * The readers' Declarations pages, one per route of routes.tsx (the module's chunk): the list,
 * a declaration's sheet (beside the list on a wide screen), and the report form. The template
 * manager is in manage-pages.tsx, a chunk of its own.
 */
import { IonButton } from '@ionic/react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadList, NavButton, RecordListPage, RecordSheetPage, useRecordId } from '../../../components/module/RecordPages';
import { currentActor } from '../../../lib/current-actor';
import { useEnvelope } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { listParams } from '../api/reads';
import { declarationHref, declarationsListHref, reportHref, templatesHref } from '../paths';
import { pinnedPosition, type DeclarationListSearch } from '../search';
import { DeclarationSheet } from './DeclarationSheet';
import { DeclarationsList } from './DeclarationsList';
import { useBack, useListSearch, useReportSearch } from './page-hooks';
import { ReportForm } from './ReportForm';

/** The list's header actions, on the list's own page and beside a sheet: report; managers export and manage the types. */
function ListActions({ search }: { search: DeclarationListSearch }) {
  const { t } = useTranslation('declarations');
  const manager = can(useEnvelope((state) => state.rights), 'declarations', 'manage');
  const { sort: _sort, ...filters } = search;
  return (
    <>
      <NavButton href={reportHref()}>{t('list.report')}</NavButton>
      {manager && (
        <>
          <IonButton fill="outline" onClick={() => downloadList('declarations/export.csv', listParams(filters, currentActor()?.id ?? null), 'declarations.csv')}>
            {t('list.export')}
          </IonButton>
          <NavButton href={templatesHref()} outline>
            {t('list.templates')}
          </NavButton>
        </>
      )}
    </>
  );
}

export function DeclarationsListPage() {
  const { t } = useTranslation('declarations');
  const search = useListSearch();
  return <RecordListPage title={t('list.title')} placeholder={t('list.choose')} actions={<ListActions search={search} />} list={<DeclarationsList search={search} />} />;
}

export function DeclarationSheetPage() {
  const { t } = useTranslation('declarations');
  const search = useListSearch();
  const id = useRecordId('declarationId');
  return (
    <RecordSheetPage
      title={t('list.title')}
      placeholder={t('list.choose')}
      actions={<ListActions search={search} />}
      listHref={declarationsListHref(search)}
      recordId={id}
      list={(selectedId) => <DeclarationsList search={search} selectedId={selectedId} />}
      sheet={(onBack) => <DeclarationSheet declarationId={id} onBack={onBack} />}
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
