/**
 * An action's sheet (/actionPlan/actions/$id, /actionsV3/actions/$id): everything of the action
 * (description, site, source with a link to its declaration or inspection, plan, assignee, due
 * day, priority, the proof closing requires), the moves workflow.ts allows the caller as
 * buttons (start, pause, close, verify, send back, cancel, reopen), closing asking for the
 * proof (photos from the camera or the gallery, resized on the device; a note), the photos,
 * the comments, the status timeline and the history; for managers, edit and delete. Every
 * write goes through the outbox: the assignee works offline on its own action, and what it
 * did shows at once, marked waiting. An edit that met another manager's on the same field
 * waits for the user's choice (ConflictDialog).
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionPowers, photoDeletionRefusal, type PhotoRefusal } from '../../../../common/modules/actions/access';
import { COMMENT_MAX, TEXT_MAX, type ActionStatus, type SourceKind } from '../../../../common/modules/actions/schemas';
import type { Attachment } from '../../../../common/schemas/platform';
import { allowedMoves, missingProof, type WorkflowRole } from '../../../../common/modules/actions/workflow';
import { ConflictDialog } from '../../../components/ConflictDialog';
import { CommentBox } from '../../../components/module/CommentBox';
import { ModulePage } from '../../../components/module/ModulePage';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { PendingPhotos } from '../../../components/module/PendingPhotos';
import { RecordAttachments } from '../../../components/module/RecordAttachments';
import { TextField } from '../../../components/module/RecordForm';
import { RecordPanels } from '../../../components/module/RecordPanels';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { StatusChip } from '../../../components/module/StatusChip';
import { AttachmentGrid, type GridAttachment } from '../../../components/AttachmentGrid';
import { openBlob } from '../../../components/ApiImage';
import { PhotoPicker, type PickedPhoto } from '../../../components/PhotoPicker';
import { WaitingMark } from '../../../components/WaitingMark';
import { currentActor } from '../../../lib/current-actor';
import { formatDateTime } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { usePendingAttachments, usePendingChanges, usePendingWrites, useServerMayHave } from '../../../lib/outbox';
import { useKeptRecord } from '../../../components/module/kept-record';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { actionsKeys } from '../api/keys';
import { ACTION_HISTORY_FIELDS } from '../history-fields';
import { actionHistoryQueryOptions, actionQueryOptions } from '../api/reads';
import { actionEditHref, planHref } from '../paths';
import { applyPending, isWaiting, pendingAction, type ShownAction } from '../pending';
import { ACTIONS_OUTBOX, actionRecords, queueAddPhotos, queueComment, queueStatusMove } from '../writes';
import { ActionChips, formatDay, useActionsBase } from './parts';

export interface ActionSheetProps {
  actionId: string;
  onBack?: (() => void) | undefined;
}

/** A source's record, by its address (the source modules' screens are not imported). */
const SOURCE_ADDRESSES: Record<SourceKind, (id: string) => string> = {
  declaration: (id) => `/declarations/${id}`,
  inspection: (id) => `/questionnary-v2/inspections/${id}`,
  equipment: (id) => `/inventory-v2/equipment/${id}`,
};

export function ActionSheet({ actionId, onBack }: ActionSheetProps) {
  const { t } = useTranslation('action');
  const query = useQuery({ ...actionQueryOptions(actionId), enabled: useServerMayHave('actions.create', actionId) });
  const pending = usePendingChanges(ACTIONS_OUTBOX, actionId);
  const me = currentActor() ?? { id: '', name: '' };
  const server = query.data;
  const action = useKeptRecord(server === undefined ? pendingAction(actionId, pending, me) : applyPending(server, pending, me), query.isFetching);
  if (action === undefined) return <SheetPlaceholder title={t('sheet.title')} onBack={onBack} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  return <SheetView action={action} onServer={server !== undefined} waiting={isWaiting(actionId, pending)} onBack={onBack} />;
}

/** The workflow's role of the caller on this action: a manager; its assignee or author (own work); or none. */
export function roleOf(action: Pick<ShownAction, 'assignee' | 'createdBy'>, rights: readonly string[], meId: string | null): WorkflowRole | null {
  const powers = actionPowers(rights);
  if (powers.manage) return 'manager';
  if (powers.own && meId !== null && (action.assignee?.id === meId || action.createdBy.id === meId)) return 'assignee';
  return null;
}

/** Why the caller may not delete this photo of the action as shown (null: it may), the server's rule (access.ts). */
export function photoRefusal(action: Pick<ShownAction, 'status' | 'assignee' | 'createdBy' | 'deletedAt'>, photo: Pick<Attachment, 'createdBy'>, rights: readonly string[], meId: string | null): PhotoRefusal | null {
  if (meId === null || action.deletedAt !== null) return 'not_allowed';
  return photoDeletionRefusal(actionPowers(rights), { status: action.status, assigneeId: action.assignee?.id ?? null, createdById: action.createdBy.id, uploaderId: photo.createdBy.id }, meId);
}

/** The label of a move, from where the action is and who moves it. */
export function moveLabel(from: ActionStatus, to: ActionStatus, role: WorkflowRole): string {
  if (to === 'done') return 'move.close';
  if (to === 'verified') return 'move.verify';
  if (to === 'cancelled') return 'move.cancel';
  if (from === 'todo' && to === 'inProgress') return 'move.start';
  if (from === 'inProgress' && to === 'todo') return 'move.pause';
  if (from === 'done' && to === 'inProgress') return role === 'manager' ? 'move.send_back' : 'move.reopen';
  return 'move.reopen';
}

/** Moves that ask for nothing: made at once. */
const QUICK = (from: ActionStatus, to: ActionStatus) => (from === 'todo' && to === 'inProgress') || (from === 'inProgress' && to === 'todo');

const FIELD_KEYS = ['title', 'description', 'siteId', 'planId', 'assigneeId', 'dueOn', 'priority', 'proof', 'status', 'closingNote'] as const;

interface ViewProps {
  action: ShownAction;
  onServer: boolean;
  waiting: boolean;
  onBack?: (() => void) | undefined;
}

function SheetView({ action, onServer, waiting, onBack }: ViewProps) {
  const { t, i18n } = useTranslation('action');
  const router = useRouter();
  const base = useActionsBase();
  const queryClient = useQueryClient();
  const rights = useEnvelope((state) => state.rights);
  const powers = actionPowers(rights);
  const me = currentActor();
  const role = roleOf(action, rights, me?.id ?? null);
  const items = usePendingWrites(ACTIONS_OUTBOX, action.id);
  const conflict = items.find((item) => item.state === 'conflict') ?? null;
  const [resolving, setResolving] = useState(false);
  const [move, setMove] = useState<ActionStatus | null>(null);
  const pendingPhotos = usePendingAttachments(ACTIONS_OUTBOX, action.id);
  const deleted = action.deletedAt !== null;
  const workable = role !== null && !deleted && (action.status === 'todo' || action.status === 'inProgress' || action.status === 'done');
  const empty = t('sheet.empty');
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: actionsKeys.detail(action.id) });
  const fieldLabel = (field: string) => ((FIELD_KEYS as readonly string[]).includes(field) ? t(`field.${field}`) : field);
  const refusalOf = (photoId: string) => {
    const photo = action.attachments.find((a) => a.id === photoId);
    return photo === undefined ? 'not_allowed' : photoRefusal(action, photo, rights, me?.id ?? null);
  };
  const deletable = (photoId: string) => refusalOf(photoId) === null;
  const photoCount = action.attachments.length + pendingPhotos.filter((p) => p.item.state !== 'failed').length;

  const act = async (write: () => Promise<unknown>, done: string) => {
    try {
      await write();
      showSavedToast(t(done));
      return true;
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
      return false;
    }
  };
  const moves = role === null || deleted ? [] : allowedMoves(action.status, role);
  const start = (to: ActionStatus) => {
    if (QUICK(action.status, to)) void act(() => queueStatusMove(action, to, ''), 'sheet.move_queued');
    else setMove(to);
  };

  const source = action.source;
  const sourceHref = source === null ? null : SOURCE_ADDRESSES[source.kind](source.id);
  const proofText = [action.proof.photo ? t('proof.photo') : null, action.proof.note ? t('proof.note') : null].filter((p) => p !== null).join(', ') || t('proof.none');

  const headerActions =
    powers.manage && onServer ? (
      <>
        {!deleted && (
          <IonButton fill="outline" onClick={() => void router.navigate({ href: actionEditHref(base, action.id) })}>
            {t('sheet.edit')}
          </IonButton>
        )}
        <IonButton fill="outline" color={deleted ? undefined : 'danger'} onClick={() => void act(() => (deleted ? actionRecords.queueRestore(action) : actionRecords.queueDelete(action)), deleted ? 'sheet.restored' : 'sheet.deleted_done')}>
          {deleted ? t('sheet.restore') : t('sheet.delete')}
        </IonButton>
      </>
    ) : undefined;

  return (
    <ModulePage title={action.title} onBack={onBack} actions={headerActions}>
      <RecordSheet label={action.title}>
        <p className="action-sheet-marks">
          <ActionChips status={action.status} priority={action.priority} overdue={action.overdue} />
          {deleted && <StatusChip label={t('sheet.deleted')} tone="danger" />}
          {waiting && <WaitingMark variant={conflict !== null ? 'conflict' : 'waiting'} />}
        </p>
        {conflict !== null && (
          <div className="action-conflict" role="alert">
            <p>{t('sheet.conflict')}</p>
            <IonButton size="small" onClick={() => setResolving(true)}>
              {t('sheet.conflict_choose')}
            </IonButton>
            <ConflictDialog isOpen={resolving} item={conflict} onDismiss={() => setResolving(false)} fieldLabel={fieldLabel} />
          </div>
        )}
        <RecordSection title={t('sheet.details')}>
          <RecordFields
            fields={[
              { label: t('field.description'), value: action.description || empty },
              { label: t('field.siteId'), value: action.siteName ?? (action.siteId === null ? t('sheet.no_site') : empty) },
              {
                label: t('field.source'),
                value:
                  source === null || sourceHref === null ? (
                    t('source.none')
                  ) : (
                    <a href={sourceHref}>{t(`source.link_${source.kind}`, { label: source.label })}</a>
                  ),
              },
              {
                label: t('field.planId'),
                value: action.planId === null ? t('sheet.no_plan') : powers.readPlans ? <a href={planHref(action.planId)}>{action.planName ?? empty}</a> : (action.planName ?? empty),
              },
              { label: t('field.assigneeId'), value: action.assignee?.name ?? t('sheet.nobody') },
              { label: t('field.dueOn'), value: action.dueOn === null ? t('list.no_due') : formatDay(action.dueOn, i18n.language) },
              { label: t('field.priority'), value: t(`priority.${action.priority}`) },
              { label: t('field.proof'), value: proofText },
              { label: t('field.createdBy'), value: t('sheet.by_at', { name: action.createdBy.name, at: when(action.createdAt) }) },
              ...(action.doneAt !== null ? [{ label: t('field.doneAt'), value: t('sheet.by_at', { name: action.doneBy?.name ?? empty, at: when(action.doneAt) }) }] : []),
              ...(action.closingNote !== null && action.closingNote !== '' ? [{ label: t('field.closingNote'), value: action.closingNote }] : []),
              ...(action.verifiedAt !== null ? [{ label: t('field.verifiedAt'), value: t('sheet.by_at', { name: action.verifiedBy?.name ?? empty, at: when(action.verifiedAt) }) }] : []),
            ]}
          />
        </RecordSection>
        {moves.length > 0 && role !== null && (
          <RecordSection title={t('sheet.moves')}>
            <div className="action-moves" role="group" aria-label={t('sheet.moves')}>
              {moves.map((to) => (
                <IonButton key={to} fill={move === to ? 'solid' : 'outline'} color={to === 'cancelled' ? 'danger' : undefined} onClick={() => start(to)}>
                  {t(moveLabel(action.status, to, role))}
                </IonButton>
              ))}
            </div>
            {move !== null && (
              <MoveForm
                key={move}
                action={action}
                to={move}
                label={t(moveLabel(action.status, move, role))}
                photoCount={photoCount}
                onCancel={() => setMove(null)}
                onSend={async (note, photos) => {
                  if (await act(() => queueStatusMove(action, move, note, photos), move === 'done' ? 'sheet.close_queued' : 'sheet.move_queued')) setMove(null);
                }}
              />
            )}
          </RecordSection>
        )}
        <RecordSection title={t('sheet.photos')}>
          {action.attachments.length === 0 && pendingPhotos.length === 0 && <p>{t('sheet.no_photos')}</p>}
          {action.attachments.length > 0 && (
            <RecordAttachments
              module={ACTIONS_OUTBOX}
              recordId={action.id}
              attachments={action.attachments}
              manage={action.attachments.some((photo) => deletable(photo.id))}
              canDelete={(tile) => deletable(tile.id)}
              onDelivered={refresh}
            />
          )}
          {action.attachments.length > 0 && role !== null && !deleted && action.attachments.some((photo) => refusalOf(photo.id) === 'closed') && <p className="action-photos-kept">{t('sheet.photos_kept')}</p>}
          <PendingPhotos
            module={ACTIONS_OUTBOX}
            recordId={action.id}
            serverIds={action.attachments.map((a) => a.id)}
            onAdd={workable ? (photos) => void act(() => queueAddPhotos(action, photos), 'sheet.photos_queued') : undefined}
            removable={(entry) => entry.item.kind === 'actions.photo.add'}
            onDelivered={refresh}
          />
        </RecordSection>
        <RecordSection title={t('sheet.comments')}>
          {action.comments.length === 0 ? (
            <p>{t('sheet.no_comments')}</p>
          ) : (
            <ol className="bare-list action-comments">
              {action.comments.map((comment) => (
                <li key={comment.id}>
                  <p className="action-comment-meta">
                    {t('sheet.by_at', { name: comment.by.name, at: when(comment.at) })} {comment.waiting === true && <WaitingMark />}
                  </p>
                  <p>{comment.text}</p>
                </li>
              ))}
            </ol>
          )}
          {role !== null && !deleted && <CommentBox label={t('sheet.comment')} sendLabel={t('sheet.comment_send')} maxlength={COMMENT_MAX} onSend={(text) => act(() => queueComment(action, text), 'sheet.comment_queued')} />}
        </RecordSection>
        {action.statusChanges.length > 0 && (
          <RecordSection title={t('sheet.timeline')}>
            <ol className="bare-list action-timeline">
              {action.statusChanges.map((change) => (
                <li key={`${change.at}-${change.to}`}>
                  {t('sheet.timeline_entry', { from: t(`status.${change.from}`), to: t(`status.${change.to}`), name: change.by.name, at: when(change.at) })}
                  {change.note !== null && change.note !== '' && <p>{change.note}</p>}
                </li>
              ))}
            </ol>
          </RecordSection>
        )}
        {onServer && <RecordPanels host="actions" recordId={action.id} />}
        {onServer && (
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={actionHistoryQueryOptions(action.id)} fields={ACTION_HISTORY_FIELDS} />
          </RecordSection>
        )}
      </RecordSheet>
    </ModulePage>
  );
}

interface MoveFormProps {
  action: ShownAction;
  to: ActionStatus;
  label: string;
  /** The photos the action has (on the server and waiting on the device). */
  photoCount: number;
  onCancel: () => void;
  onSend: (note: string, photos: PickedPhoto[]) => Promise<void>;
}

/** A move that asks something: closing asks the proof (photos, a note); the others a reason. */
function MoveForm({ action, to, label, photoCount, onCancel, onSend }: MoveFormProps) {
  const { t } = useTranslation('action');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [sending, setSending] = useState(false);
  const closing = to === 'done';
  const missing = closing ? missingProof(action.proof, photoCount + photos.length, note) : [];
  // Not waiting yet: kept in the form until it is confirmed (then saved with the move), so no mark.
  const tiles: GridAttachment[] = photos.map((photo, index) => ({ id: String(index), name: photo.name, state: 'sent', blob: photo.blob }));
  return (
    <form
      className="record-form"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (missing.length > 0 || sending) return;
        setSending(true);
        void onSend(note, photos).finally(() => setSending(false));
      }}
    >
      {closing && (
        <>
          <p>{action.proof.photo || action.proof.note ? t('close.proof_asked') : t('close.proof_free')}</p>
          {tiles.length > 0 && (
            <AttachmentGrid items={tiles} onOpen={(tile) => tile.blob && openBlob(tile.blob)} onRemove={(tile) => setPhotos((current) => current.filter((_, i) => String(i) !== tile.id))} />
          )}
          <PhotoPicker onPicked={(picked) => setPhotos((current) => [...current, ...picked])} />
        </>
      )}
      <TextField label={closing ? t('close.note') : t('move.reason')} value={note} onChange={setNote} problem={undefined} multiline maxlength={TEXT_MAX} />
      {missing.length > 0 && (
        <p className="record-form-error" role="status">
          {t('close.missing', { what: missing.map((m) => t(`proof.${m}`)).join(', ') })}
        </p>
      )}
      <div className="record-form-actions">
        <IonButton type="submit" disabled={missing.length > 0 || sending}>
          {t('move.confirm', { move: label })}
        </IonButton>
        <IonButton fill="outline" onClick={onCancel}>
          {t('form.cancel')}
        </IonButton>
      </div>
    </form>
  );
}
