/**
 * A resource's sheet (/sharing-bank/sharingBankView/$resourceId): its kind, version and date of
 * publication, tags and description, its files (opened in the browser when it shows them
 * safely, downloaded otherwise: the attachments API decides), and the caller's reading: "I have
 * read and acknowledge" for the current version, queued in the outbox (offline too, sent once),
 * shown at once as waiting. Opening the sheet records the first opening. A template resource
 * shows what it holds. Administrators edit it, add files, publish a new version (asked again of
 * everyone), open its board, delete and restore it.
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTemplateKind, type Resource } from '../../../../common/modules/sharingBank/schemas';
import { ConfirmBar } from '../../../components/module/ConfirmBar';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordAttachments } from '../../../components/module/RecordAttachments';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { StatusChip } from '../../../components/module/StatusChip';
import { useKeptRecord } from '../../../components/module/kept-record';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDateTime } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { useOnDelivered, usePendingChanges, useServerMayHave, withPendingRecord } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { withToast } from '../../../lib/toast-action';
import { RESOURCE_HISTORY_FIELDS } from '../history-fields';
import { queuePublish, queueReading, READ_WRITE, resources, SHARING_MODULE } from '../kinds';
import { boardHref, resourceEditHref } from '../paths';
import { pendingAcknowledgements, readingOf } from './readings';

export interface ResourceSheetProps {
  resourceId: string;
  onBack?: (() => void) | undefined;
}

export function ResourceSheet({ resourceId, onBack }: ResourceSheetProps) {
  const { t } = useTranslation('sharingBank');
  const queryClient = useQueryClient();
  const query = useQuery({ ...resources.recordQueryOptions(resourceId), enabled: useServerMayHave(resources.writeKinds.create, resourceId) });
  const writes = usePendingChanges(SHARING_MODULE, resourceId);
  useOnDelivered(SHARING_MODULE, () => {
    void queryClient.invalidateQueries({ queryKey: resources.keys.detail(resourceId) });
    void queryClient.invalidateQueries({ queryKey: resources.keys.lists() });
  });
  const overlaid = withPendingRecord(query.data, resources.ownWrites(writes));
  const resource = useKeptRecord(overlaid, query.isFetching);
  if (resource === undefined || !('mine' in resource)) {
    return <SheetPlaceholder title={t('sheet.title')} onBack={onBack} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  }
  return <ResourceSheetView resource={resource} onServer={query.data !== undefined} writes={writes} onBack={onBack} />;
}

function ResourceSheetView({ resource, onServer, writes, onBack }: { resource: Resource & { pending?: Parameters<typeof WaitingMark>[0]['pending'] }; onServer: boolean; writes: ReturnType<typeof usePendingChanges>; onBack?: (() => void) | undefined }) {
  const { t, i18n } = useTranslation('sharingBank');
  const router = useRouter();
  const queryClient = useQueryClient();
  const manager = can(useEnvelope((state) => state.rights), 'sharingBank', 'manage');
  const [confirm, setConfirm] = useState<'delete' | 'publish' | null>(null);
  const filesId = useId();
  const deleted = resource.deletedAt !== null;
  const editable = manager && !deleted && onServer;
  const reading = readingOf(resource, pendingAcknowledgements(writes));
  const act = (action: () => Promise<unknown>, done: string) => withToast(action, t(done));

  // The first opening of the current version, once per device visit (the server keeps the first).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !onServer || deleted || !resource.mine.asked || resource.mine.openedAt !== null) return;
    if (writes.some((write) => write.item.kind === READ_WRITE)) return;
    opened.current = true;
    void queueReading(resource.id, resource.currentVersion, false);
  }, [onServer, deleted, resource, writes]);

  const addFiles = (list: FileList | null) => {
    const files = [...(list ?? [])].map((file) => ({ blob: file, name: file.name, type: file.type || 'application/octet-stream' }));
    if (files.length > 0) void act(() => resources.queueAttach(resource, files), 'sheet.files_queued');
  };

  const actions = (
    <>
      {editable && <IonButton onClick={() => void router.navigate({ href: resourceEditHref(resource.id) })}>{t('sheet.edit')}</IonButton>}
      {editable && !isTemplateKind(resource.kind) && (
        <IonButton fill="outline" onClick={() => void router.navigate({ href: boardHref(resource.id) })}>
          {t('sheet.board')}
        </IonButton>
      )}
      {editable && (
        <IonButton fill="outline" onClick={() => setConfirm('publish')}>
          {t('sheet.new_version')}
        </IonButton>
      )}
      {editable && (
        <IonButton color="danger" fill="outline" onClick={() => setConfirm('delete')}>
          {t('sheet.delete')}
        </IonButton>
      )}
      {manager && deleted && onServer && <IonButton onClick={() => void act(() => resources.queueRestore(resource), 'sheet.restored')}>{t('sheet.restore')}</IonButton>}
    </>
  );
  const template = resource.template as { name?: string; sections?: unknown[]; fields?: unknown[] } | null;

  return (
    <ModulePage title={resource.title} onBack={onBack} actions={actions}>
      <RecordSheet label={resource.title}>
        <p className="sharing-bank-marks">
          <StatusChip label={t(`kind.${resource.kind}`)} tone="neutral" />
          <StatusChip label={t('sheet.version', { version: resource.currentVersion })} tone="info" />
          {resource.scope === 'client' && <StatusChip label={t('sheet.shared_with_client')} tone="info" />}
          {deleted && <StatusChip label={t('sheet.deleted')} tone="danger" />}
          {resource.pending !== undefined && <WaitingMark pending={resource.pending} />}
        </p>
        {confirm === 'delete' && (
          <ConfirmBar
            className="sharing-bank-confirm"
            question={t('sheet.delete_confirm', { title: resource.title })}
            confirmLabel={t('sheet.delete_yes')}
            cancelLabel={t('sheet.cancel')}
            onConfirm={() => void act(() => resources.queueDelete(resource), 'sheet.deleted_done').then(() => setConfirm(null))}
            onCancel={() => setConfirm(null)}
          />
        )}
        {confirm === 'publish' && (
          <ConfirmBar
            className="sharing-bank-confirm"
            question={t('sheet.new_version_confirm', { version: resource.currentVersion + 1 })}
            confirmLabel={t('sheet.new_version_yes')}
            cancelLabel={t('sheet.cancel')}
            onConfirm={() => void act(() => queuePublish(resource), 'sheet.new_version_done').then(() => setConfirm(null))}
            onCancel={() => setConfirm(null)}
          />
        )}
        {resource.mine.asked && !deleted && (
          <section className={`sharing-bank-reading${reading.acknowledged ? ' sharing-bank-reading-done' : ''}`} aria-label={t('reading.title')}>
            {reading.acknowledged ? (
              <p role="status">
                {reading.waiting
                  ? t('reading.waiting_text', { version: resource.currentVersion })
                  : t('reading.done_text', { version: resource.currentVersion, at: formatDateTime(resource.mine.acknowledgedAt!, i18n.language) })}
                {reading.waiting && <WaitingMark />}
              </p>
            ) : (
              <>
                <p>{t('reading.ask', { version: resource.currentVersion })}</p>
                <IonButton
                  className="sharing-bank-acknowledge"
                  onClick={() =>
                    void act(async () => {
                      await queueReading(resource.id, resource.currentVersion, true);
                      void queryClient.invalidateQueries({ queryKey: resources.keys.lists() });
                    }, 'reading.queued')
                  }
                >
                  {t('reading.acknowledge')}
                </IonButton>
              </>
            )}
          </section>
        )}
        <RecordSection title={t('sheet.about')}>
          <RecordFields
            fields={[
              { label: t('field.published'), value: formatDateTime(resource.publishedAt, i18n.language) },
              { label: t('field.tags'), value: resource.tags.join(', ') || t('sheet.empty') },
              { label: t('field.audience'), value: t(`audience.${resource.audience}`) },
              ...(manager && resource.audienceCount !== null ? [{ label: t('field.acknowledgements'), value: t('list.acknowledged_of', { done: resource.acknowledged ?? 0, total: resource.audienceCount }) }] : []),
            ]}
          />
          {resource.description !== '' && <p className="sharing-bank-description">{resource.description}</p>}
        </RecordSection>
        {template !== null && (
          <RecordSection title={t('sheet.template')}>
            <p>
              {template.name}
              {' · '}
              {Array.isArray(template.sections) ? t('sheet.sections', { count: template.sections.length }) : t('sheet.fields', { count: Array.isArray(template.fields) ? template.fields.length : 0 })}
            </p>
          </RecordSection>
        )}
        <RecordSection title={t('sheet.files')}>
          {onServer && (
            <RecordAttachments
              module={SHARING_MODULE}
              recordId={resource.id}
              attachments={resource.files}
              manage={editable}
              onDelivered={() => void queryClient.invalidateQueries({ queryKey: resources.keys.detail(resource.id) })}
            />
          )}
          {onServer && resource.files.length === 0 && <p>{t('sheet.no_files')}</p>}
          {editable && (
            <label className="record-form-select" htmlFor={filesId}>
              {t('sheet.add_files')}
              <input id={filesId} type="file" multiple onChange={(event) => addFiles(event.target.files)} />
            </label>
          )}
        </RecordSection>
        {onServer && manager && (
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={resources.historyQueryOptions(resource.id)} fields={RESOURCE_HISTORY_FIELDS} />
          </RecordSection>
        )}
      </RecordSheet>
    </ModulePage>
  );
}
