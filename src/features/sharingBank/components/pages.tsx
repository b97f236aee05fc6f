/**
 * The readers' Sharing bank pages (a chunk of their own): the library, a resource's sheet (the
 * library beside it on a wide screen, a page above it on a phone) and the templates the client's
 * other districts share, with "Import into my district".
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../../components/module/ModulePage';
import { FromDeviceNote } from '../../../components/module/FromDeviceNote';
import { NavButton, RecordListPage, RecordSheetPage, useRecordId } from '../../../components/module/RecordPages';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useBack } from '../../../hooks/use-back';
import { formatDateTime } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { useOnDelivered, usePendingChanges } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { withToast } from '../../../lib/toast-action';
import { IMPORT_WRITE, queueImport, SHARING_MODULE, sharedTemplatesQueryOptions } from '../kinds';
import { groupsHref, libraryHref, resourceNewHref, sharedTemplatesHref } from '../paths';
import { validateLibrarySearch } from '../search';
import { Library } from './Library';
import { ResourceSheet } from './ResourceSheet';

export function useLibrarySearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateLibrarySearch(raw);
}

function LibraryActions() {
  const { t } = useTranslation('sharingBank');
  const manager = can(useEnvelope((state) => state.rights), 'sharingBank', 'manage');
  return (
    <>
      {manager && <NavButton href={resourceNewHref()}>{t('list.new')}</NavButton>}
      <NavButton href={sharedTemplatesHref()} outline>
        {t('list.shared')}
      </NavButton>
      {manager && (
        <NavButton href={groupsHref()} outline>
          {t('list.groups')}
        </NavButton>
      )}
    </>
  );
}

export function LibraryPage() {
  const { t } = useTranslation('sharingBank');
  const search = useLibrarySearch();
  return <RecordListPage title={t('list.title')} placeholder={t('list.choose')} actions={<LibraryActions />} list={<Library search={search} />} />;
}

export function ResourceSheetPage() {
  const { t } = useTranslation('sharingBank');
  const search = useLibrarySearch();
  const resourceId = useRecordId('resourceId');
  return (
    <RecordSheetPage
      title={t('list.title')}
      placeholder={t('list.choose')}
      actions={<LibraryActions />}
      listHref={libraryHref(search)}
      recordId={resourceId}
      list={(selectedId) => <Library search={search} selectedId={selectedId} />}
      sheet={(onBack) => <ResourceSheet resourceId={resourceId} onBack={onBack} />}
    />
  );
}

export function SharedTemplatesPage() {
  const { t, i18n } = useTranslation('sharingBank');
  const back = useBack(libraryHref());
  const queryClient = useQueryClient();
  const query = useQuery(sharedTemplatesQueryOptions());
  const writes = usePendingChanges(SHARING_MODULE);
  useOnDelivered(SHARING_MODULE, () => void queryClient.invalidateQueries({ queryKey: sharedTemplatesQueryOptions().queryKey }));
  const importing = new Set(writes.filter((write) => write.item.kind === IMPORT_WRITE).map((write) => write.item.recordId));
  return (
    <ModulePage title={t('shared.title')} onBack={back}>
      <p>{t('shared.intro')}</p>
      <FromDeviceNote query={query} />
      {query.isPending && <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
      {query.isError && query.data === undefined && <p role="alert">{describeApiError(query.error)}</p>}
      {query.data?.length === 0 && <p>{t('shared.empty')}</p>}
      <ul className="bare-list sharing-bank-shared" aria-label={t('shared.title')}>
        {(query.data ?? []).map((template) => (
          <li key={template.id} className="sharing-bank-shared-item">
            <span className="sharing-bank-row-title">{template.title}</span>
            <span className="sharing-bank-row-meta">
              {t(`kind.${template.kind}`)} · {t('shared.from', { district: template.districtName })} · {t('sheet.version', { version: template.currentVersion })} ·{' '}
              {formatDateTime(template.publishedAt, i18n.language)}
            </span>
            {template.description !== '' && <span className="sharing-bank-row-meta">{template.description}</span>}
            <span className="sharing-bank-row-marks">
              {template.importedAs !== null ? (
                <StatusChip label={t('shared.imported')} tone="success" />
              ) : importing.has(template.id) ? (
                <WaitingMark />
              ) : template.canImport ? (
                <IonButton onClick={() => void withToast(() => queueImport(template.id), t('shared.queued'))}>{t('shared.import', { title: template.title })}</IonButton>
              ) : (
                <span>{t('shared.no_right')}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </ModulePage>
  );
}
