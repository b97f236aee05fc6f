/**
 * A declaration's sheet (/declarations/$id): what was reported (type, site, when, where with
 * its accuracy, the device's capture time, severity, the template's answers with their photos
 * and signature), its files, the follow-up (status with the allowed next steps, each asking a
 * reason; assignee; the investigation's cause and measures: managers), the comments (anyone
 * who sees it, until closed), the history, and print (PDF). A closed declaration is locked:
 * nothing changes it. A report still in the outbox shows from the device, marked waiting.
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_TRANSITIONS, type Declaration, type Status, type TemplateField } from '../../../../common/modules/declarations/schemas';
import { AttachmentGrid, type GridAttachment } from '../../../components/AttachmentGrid';
import { openBlob } from '../../../components/ApiImage';
import { CommentBox } from '../../../components/module/CommentBox';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordPanels } from '../../../components/module/RecordPanels';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { RecordAttachments } from '../../../components/module/RecordAttachments';
import { TextField } from '../../../components/module/RecordForm';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { useKeptRecord } from '../../../components/module/kept-record';
import { StatusChip } from '../../../components/module/StatusChip';
import { SignatureImage } from '../../../components/SignatureImage';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDateTime } from '../../../lib/dates';
import { lazyPart } from '../../../lib/lazy-part';
import { modulePart } from '../../../lib/module-parts';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { usePendingAttachments, usePendingChanges, useServerMayHave } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { declarationsKeys } from '../api/keys';
import { answerFieldOf, DECLARATION_HISTORY_FIELDS } from '../history-fields';
import { declarationHistoryQueryOptions, declarationQueryOptions, membersQueryOptions, templatesQueryOptions } from '../api/reads';
import { downloadApiFile } from '../../../lib/download';
import { currentActor } from '../../../lib/current-actor';
import { photoFieldOf } from '../report-form';
import { applyPending, hasConflict, isWaiting, pendingReport, type ShownComment } from '../pending';
import { declarations, DECLARATIONS_MODULE, queueComment, queueDeclarationUpdate, queueStatusChange } from '../writes';
import { SEVERITY_TONE, STATUS_TONE } from './DeclarationsList';
import { formatCoordinate } from '../../../lib/numbers';
import './declarations.css';

// The actions made from this declaration (the actions' own part, loaded apart).
const LinkedActions = lazyPart(modulePart('LinkedActions'));

export interface DeclarationSheetProps {
  declarationId: string;
  onBack?: (() => void) | undefined;
}

export function DeclarationSheet({ declarationId, onBack }: DeclarationSheetProps) {
  const { t } = useTranslation('declarations');
  const query = useQuery({ ...declarationQueryOptions(declarationId), enabled: useServerMayHave(declarations.writeKinds.create, declarationId) });
  const pending = usePendingChanges('declarations', declarationId);
  const templates = useQuery(templatesQueryOptions());
  const me = currentActor() ?? { id: '', name: '' };
  const server = query.data;
  const declaration = useKeptRecord(server === undefined ? pendingReport(declarationId, pending, templates.data, me) : applyPending(server, pending, me), query.isFetching);
  if (declaration === undefined) return <SheetPlaceholder title={t('sheet.title')} onBack={onBack} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  return (
    <SheetView
      declaration={declaration}
      onServer={server !== undefined}
      waiting={isWaiting(declarationId, pending)}
      conflict={hasConflict(declarationId, pending)}
      onBack={onBack}
    />
  );
}

interface ViewProps {
  declaration: Declaration & { comments: ShownComment[] };
  onServer: boolean;
  waiting: boolean;
  conflict: boolean;
  onBack?: (() => void) | undefined;
}

function SheetView({ declaration, onServer, waiting, conflict, onBack }: ViewProps) {
  const comments: ShownComment[] = declaration.comments;
  const { t, i18n } = useTranslation('declarations');
  const rights = useEnvelope((state) => state.rights);
  const manager = can(rights, 'declarations', 'manage');
  const queryClient = useQueryClient();
  const locked = declaration.lockedAt !== null || declaration.status === 'closed';
  const empty = t('sheet.empty');
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const pendingFiles = usePendingAttachments(DECLARATIONS_MODULE, declaration.id);
  const serverIds = new Set(declaration.attachments.map((a) => a.id));

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  const print = () =>
    void downloadApiFile(`declarations/${encodeURIComponent(declaration.id)}/print.pdf`, undefined, 'declaration.pdf').catch((error: unknown) =>
      showToast({ message: describeApiError(error), kind: 'danger' }),
    );

  /** The pictures of a field (or of the declaration): the server's files by id, else this device's copy while waiting. */
  const pictures = (ids: readonly string[]) => {
    const items = ids.flatMap((id): GridAttachment[] => {
      const file = declaration.attachments.find((a) => a.id === id);
      if (file !== undefined) return [{ id, name: file.name, state: 'sent', thumbnailUrl: file.thumbnailUrl ?? null }];
      const local = pendingFiles.find((p) => p.attachment.attachmentId === id);
      return local === undefined ? [] : [{ id, name: local.attachment.name, state: 'waiting', blob: local.attachment.blob }];
    });
    return items.length === 0 ? empty : <AttachmentGrid items={items} onOpen={(item) => item.blob && openBlob(item.blob)} />;
  };
  const photoField = photoFieldOf(declaration.template.fields);
  /** A signature field's picture, whole (the server's file, else this device's copy while waiting). */
  const signature = (id: string, label: string) => {
    const file = declaration.attachments.find((a) => a.id === id);
    const local = file === undefined ? pendingFiles.find((p) => p.attachment.attachmentId === id) : undefined;
    if (file === undefined && local === undefined) return empty;
    return <SignatureImage src={file?.url ?? null} blob={local?.attachment.blob ?? null} label={label} />;
  };
  const answer = (field: TemplateField) => {
    const value = declaration.values[field.key] ?? (field === photoField ? [] : undefined);
    if (value === undefined) return empty;
    // The type's photo field holds the declaration's own photos too (one Photos block).
    if (field.kind === 'photo') return pictures([...(Array.isArray(value) ? value : []), ...(field === photoField ? declaration.photos : [])]);
    if (field.kind === 'signature') return typeof value === 'string' ? signature(value, field.label) : empty;
    if (typeof value === 'boolean') return value ? t('report.yes') : t('report.no');
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
  };
  const position = declaration.position;
  const otherFiles = declaration.attachments.filter((a) => !declaration.photos.includes(a.id) && !Object.values(declaration.values).flat().includes(a.id));

  const actions = onServer ? (
    <IonButton fill="outline" onClick={print}>
      {t('sheet.print')}
    </IonButton>
  ) : undefined;

  return (
    <ModulePage title={declaration.title} onBack={onBack} actions={actions}>
      <RecordSheet label={declaration.title}>
        <p className="declaration-sheet-marks">
          <StatusChip label={t(`status.${declaration.status}`)} tone={STATUS_TONE[declaration.status]} />
          <StatusChip label={t(`severity.${declaration.severity}`)} tone={SEVERITY_TONE[declaration.severity]} />
          {locked && <StatusChip label={t('sheet.locked')} tone="neutral" />}
          {declaration.deletedAt !== null && <StatusChip label={t('sheet.deleted')} tone="danger" />}
          {waiting && <WaitingMark variant={conflict ? 'conflict' : 'waiting'} />}
        </p>
        <RecordSection title={t('sheet.report')}>
          <RecordFields
            fields={[
              { label: t('field.template'), value: declaration.template.name || empty },
              { label: t('field.site'), value: declaration.siteName ?? (declaration.siteId === null ? t('report.no_site') : empty) },
              { label: t('field.occurredAt'), value: when(declaration.occurredAt) },
              {
                label: t('field.position'),
                value:
                  position === null ? (
                    empty
                  ) : (
                    <>
                      {position.source === 'device'
                        ? t('report.position_device', { latitude: formatCoordinate(position.lat, i18n.language), longitude: formatCoordinate(position.lng, i18n.language), accuracy: position.accuracy ?? '?' })
                        : t('report.position_pin', { latitude: formatCoordinate(position.lat, i18n.language), longitude: formatCoordinate(position.lng, i18n.language) })}{' '}
                      <a href={`geo:${position.lat},${position.lng}`}>{t('sheet.open_map_app')}</a>
                    </>
                  ),
              },
              { label: t('field.capturedAt'), value: when(declaration.capturedAt) },
              { label: t('field.author'), value: declaration.createdBy.name || empty },
              { label: t('field.description'), value: declaration.description || empty },
              ...declaration.template.fields.map((field) => ({ label: field.label, value: answer(field) })),
              ...(photoField === undefined ? [{ label: t('field.photos'), value: pictures(declaration.photos) }] : []),
            ]}
          />
        </RecordSection>
        <RecordSection title={t('sheet.follow_up')}>
          <RecordFields
            fields={[
              { label: t('field.assigneeId'), value: declaration.assignee?.name ?? t('sheet.nobody') },
              { label: t('field.cause'), value: declaration.cause || empty },
              { label: t('field.measures'), value: declaration.measures || empty },
            ]}
          />
          {manager && onServer && !locked && declaration.deletedAt === null && (
            <FollowUp declaration={declaration} onDone={(key) => showToast({ message: t(key), kind: 'success' })} />
          )}
        </RecordSection>
        {onServer && (
          <Suspense fallback={null}>
            <LinkedActions titled source={{ kind: 'declaration', id: declaration.id }} canCreate={declaration.deletedAt === null} />
          </Suspense>
        )}
        {onServer && <RecordPanels host="declarations" recordId={declaration.id} />}
        <RecordSection title={t('sheet.comments')}>
          {comments.length === 0 ? (
            <p>{t('sheet.no_comments')}</p>
          ) : (
            <ol className="bare-list declaration-comments">
              {comments.map((comment) => (
                <li key={comment.id}>
                  <p className="declaration-comment-meta">
                    {t('sheet.comment_by', { name: comment.by.name, at: when(comment.at) })} {comment.waiting === true && <WaitingMark />}
                  </p>
                  <p>{comment.text}</p>
                </li>
              ))}
            </ol>
          )}
          {!locked && declaration.deletedAt === null && <CommentBox label={t('sheet.comment')} sendLabel={t('sheet.comment_send')} maxlength={5000} onSend={(text) => act(() => queueComment(declaration, text), 'sheet.comment_queued')} />}
        </RecordSection>
        {otherFiles.length > 0 && (
          <RecordSection title={t('sheet.files')}>
            <RecordAttachments
              module="declarations"
              recordId={declaration.id}
              attachments={otherFiles.filter((file) => serverIds.has(file.id))}
              manage={manager && !locked}
              onDelivered={() => void queryClient.invalidateQueries({ queryKey: declarationsKeys.detail(declaration.id) })}
            />
          </RecordSection>
        )}
        {onServer && (
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={declarationHistoryQueryOptions(declaration.id)} fields={DECLARATION_HISTORY_FIELDS} answerField={answerFieldOf(declaration.template.fields)} />
          </RecordSection>
        )}
      </RecordSheet>
    </ModulePage>
  );
}

/** The managers' follow-up: the next status with its reason, the assignee, the investigation. */
function FollowUp({ declaration, onDone }: { declaration: Declaration; onDone: (key: string) => void }) {
  const { t } = useTranslation('declarations');
  const members = useQuery(membersQueryOptions());
  const [next, setNext] = useState<Status | null>(null);
  const [reason, setReason] = useState('');
  const [cause, setCause] = useState(declaration.cause);
  const [measures, setMeasures] = useState(declaration.measures);
  const assigneeId = useId();
  const steps = STATUS_TRANSITIONS[declaration.status];

  const changeStatus = async () => {
    if (next === null || reason.trim() === '') return;
    try {
      await queueStatusChange(declaration, next, reason);
      setNext(null);
      setReason('');
      onDone('sheet.status_queued');
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  const update = async (changes: Parameters<typeof queueDeclarationUpdate>[1]) => {
    try {
      if (await queueDeclarationUpdate({ ...declaration, assigneeId: declaration.assignee?.id ?? null }, changes)) onDone('sheet.saved');
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };

  return (
    <div className="declaration-follow-up">
      <div className="record-form-actions" role="group" aria-label={t('sheet.next_status')}>
        {steps.map((step) => (
          <IonButton key={step} fill={next === step ? 'solid' : 'outline'} onClick={() => setNext(step)}>
            {t(`sheet.to_${step}`)}
          </IonButton>
        ))}
      </div>
      {next !== null && (
        <form
          className="record-form"
          onSubmit={(event) => {
            event.preventDefault();
            void changeStatus();
          }}
        >
          <TextField label={t('sheet.reason', { status: t(`status.${next}`) })} value={reason} onChange={setReason} problem={undefined} multiline maxlength={1000} />
          <div className="record-form-actions">
            <IonButton type="submit" disabled={reason.trim() === ''}>
              {t('sheet.confirm_status')}
            </IonButton>
            <IonButton fill="outline" onClick={() => setNext(null)}>
              {t('report.cancel')}
            </IonButton>
          </div>
        </form>
      )}
      <label className="record-form-select" htmlFor={assigneeId}>
        {t('field.assigneeId')}
        <select id={assigneeId} value={declaration.assignee?.id ?? ''} onChange={(event) => void update({ assigneeId: event.target.value === '' ? null : event.target.value })}>
          <option value="">{t('sheet.nobody')}</option>
          {declaration.assignee !== null && !(members.data ?? []).some((m) => m.id === declaration.assignee?.id) && (
            <option value={declaration.assignee.id}>{declaration.assignee.name}</option>
          )}
          {(members.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </label>
      <TextField label={t('field.cause')} value={cause} onChange={setCause} problem={undefined} multiline maxlength={10_000} />
      <TextField label={t('field.measures')} value={measures} onChange={setMeasures} problem={undefined} multiline maxlength={10_000} />
      <IonButton fill="outline" disabled={cause === declaration.cause && measures === declaration.measures} onClick={() => void update({ cause, measures })}>
        {t('sheet.save_investigation')}
      </IonButton>
    </div>
  );
}
