/**
 * The administrators' Sharing bank pages (sharing-bank.admin, guarded by their routes; a chunk
 * of their own): publish or edit a resource, its acknowledgement board (who opened it, who
 * acknowledged the current version, who has not; "remind those who have not", once per version;
 * a CSV export), and the groups of members a resource may be published to.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX, type Board, type Group } from '../../../../common/modules/sharingBank/schemas';
import { FromDeviceNote } from '../../../components/module/FromDeviceNote';
import { ModulePage } from '../../../components/module/ModulePage';
import { TextField } from '../../../components/module/RecordForm';
import { useRecordId } from '../../../components/module/RecordPages';
import { RecordSection } from '../../../components/module/RecordSheet';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useBack } from '../../../hooks/use-back';
import { formatDateTime } from '../../../lib/dates';
import { saveResponse } from '../../../lib/download';
import { describeApiError } from '../../../lib/error-messages';
import { useOnDelivered, usePendingChanges, withPending } from '../../../lib/outbox';
import { withToast } from '../../../lib/toast-action';
import { boardQueryOptions, groups, membersQueryOptions, queueRemind, REMIND_WRITE, resources, SHARING_MODULE } from '../kinds';
import { libraryHref, resourceHref } from '../paths';
import { ResourceForm } from './ResourceForm';

function Loading({ title, query, onBack }: { title: string; query: { isError: boolean; error: unknown }; onBack: () => void }) {
  const { t } = useTranslation('sharingBank');
  return (
    <ModulePage title={title} onBack={onBack}>
      {query.isError ? <p role="alert">{describeApiError(query.error)}</p> : <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
    </ModulePage>
  );
}

export function ResourceNewPage() {
  const router = useRouter();
  const back = useBack(libraryHref());
  return <ResourceForm onCancel={back} onDone={(id) => void router.navigate({ href: resourceHref(id), replace: true })} />;
}

export function ResourceEditPage() {
  const { t } = useTranslation('sharingBank');
  const resourceId = useRecordId('resourceId');
  const back = useBack(resourceHref(resourceId));
  const resource = useQuery(resources.recordQueryOptions(resourceId));
  if (resource.data === undefined) return <Loading title={t('form.edit_title', { title: '' })} query={resource} onBack={back} />;
  return <ResourceForm key={resource.data.id} resource={resource.data} onCancel={back} onDone={() => back()} />;
}

/** The board as a CSV file (what a manager pastes into a spreadsheet), in the reader's language. */
function boardCsv(board: Board, t: (key: string) => string, language: string): Blob {
  const cell = (value: string) => (/[",;\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = [
    [t('board.person'), t('board.opened'), t('board.acknowledged'), t('board.version')].map(cell).join(';'),
    ...board.rows.map((row) =>
      [row.name, row.openedAt === null ? '' : formatDateTime(row.openedAt, language), row.acknowledgedAt === null ? '' : formatDateTime(row.acknowledgedAt, language), String(board.currentVersion)]
        .map(cell)
        .join(';'),
    ),
  ];
  return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

export function BoardPage() {
  const { t, i18n } = useTranslation('sharingBank');
  const resourceId = useRecordId('resourceId');
  const back = useBack(resourceHref(resourceId));
  const queryClient = useQueryClient();
  const query = useQuery(boardQueryOptions(resourceId));
  const writes = usePendingChanges(SHARING_MODULE, resourceId);
  useOnDelivered(SHARING_MODULE, () => void queryClient.invalidateQueries({ queryKey: boardQueryOptions(resourceId).queryKey }));
  const board = query.data;
  if (board === undefined) return <Loading title={t('board.title', { title: '' })} query={query} onBack={back} />;
  const waitingRemind = writes.some((write) => write.item.kind === REMIND_WRITE);
  const manual = board.reminders.find((reminder) => reminder.kind === 'manual');
  const missing = board.rows.filter((row) => row.acknowledgedAt === null).length;
  const done = board.rows.length - missing;
  const exportCsv = () => void saveResponse(new Response(boardCsv(board, t, i18n.language)), `${t('board.file')}-${board.currentVersion}.csv`);
  const actions = (
    <>
      <IonButton fill="outline" onClick={exportCsv}>
        {t('board.export')}
      </IonButton>
      {manual === undefined && !waitingRemind && missing > 0 && <IonButton onClick={() => void withToast(() => queueRemind(resourceId), t('board.remind_queued'))}>{t('board.remind')}</IonButton>}
    </>
  );
  return (
    <ModulePage title={t('board.title', { title: board.title })} onBack={back} actions={actions}>
      <FromDeviceNote query={query} />
      <p className="sharing-bank-marks">
        <StatusChip label={t('sheet.version', { version: board.currentVersion })} tone="info" />
        <StatusChip label={t('board.summary', { done, total: board.rows.length })} tone={missing === 0 ? 'success' : 'warning'} />
        {waitingRemind && <WaitingMark />}
      </p>
      {board.reminders.map((reminder) => (
        <p key={reminder.kind}>{t(`board.reminded_${reminder.kind}`, { at: formatDateTime(reminder.sentAt, i18n.language), count: reminder.count })}</p>
      ))}
      <table className="sharing-bank-board">
        <caption>{t('board.caption', { version: board.currentVersion })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('board.person')}</th>
            <th scope="col">{t('board.opened')}</th>
            <th scope="col">{t('board.acknowledged')}</th>
          </tr>
        </thead>
        <tbody>
          {board.rows.map((row) => (
            <tr key={row.accountId}>
              <th scope="row">{row.name}</th>
              <td>{row.openedAt === null ? t('board.not_opened') : formatDateTime(row.openedAt, i18n.language)}</td>
              <td>
                {row.acknowledgedAt === null ? (
                  <>
                    <StatusChip label={t('reading.to_acknowledge')} tone="warning" />
                    {row.lastAcknowledgedVersion !== null && <span> {t('board.last_version', { version: row.lastAcknowledgedVersion })}</span>}
                  </>
                ) : (
                  <StatusChip label={t('board.acknowledged_at', { at: formatDateTime(row.acknowledgedAt, i18n.language) })} tone="success" />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {board.rows.length === 0 && <p>{t('board.empty')}</p>}
    </ModulePage>
  );
}

function GroupEditor({ group, members, onDone }: { group?: Group; members: { id: string; name: string }[]; onDone: () => void }) {
  const { t } = useTranslation('sharingBank');
  const [name, setName] = useState(group?.name ?? '');
  const [memberIds, setMemberIds] = useState<string[]>(group?.memberIds ?? []);
  const [touched, setTouched] = useState(false);
  const problem = touched && name.trim() === '' ? { key: 'module.error.required' } : undefined;
  const save = () => {
    setTouched(true);
    if (name.trim() === '') return;
    const fields = { name: name.trim(), memberIds };
    void withToast(() => (group === undefined ? groups.queueCreate(fields) : groups.queueUpdate(group, fields)), group === undefined ? t('groups.added') : t('groups.saved')).then((ok) => ok && onDone());
  };
  return (
    <form
      className="record-form sharing-bank-group-form"
      noValidate
      aria-label={group === undefined ? t('groups.new') : t('groups.edit', { name: group.name })}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <TextField label={t('groups.name')} value={name} onChange={setName} problem={problem} maxlength={GROUP_NAME_MAX} required />
      <fieldset className="sharing-bank-members">
        <legend>{t('groups.members_title')}</legend>
        {members.map((member) => (
          <label key={member.id}>
            <input type="checkbox" checked={memberIds.includes(member.id)} onChange={(event) => setMemberIds(event.target.checked ? [...memberIds, member.id] : memberIds.filter((id) => id !== member.id))} />{' '}
            {member.name}
          </label>
        ))}
      </fieldset>
      <div className="record-form-actions">
        <IonButton type="submit">{t('form.save')}</IonButton>
        <IonButton fill="outline" onClick={onDone}>
          {t('sheet.cancel')}
        </IonButton>
      </div>
    </form>
  );
}

export function GroupsPage() {
  const { t } = useTranslation('sharingBank');
  const back = useBack(libraryHref());
  const queryClient = useQueryClient();
  const list = useQuery(groups.allQueryOptions());
  const members = useQuery(membersQueryOptions());
  const writes = usePendingChanges(SHARING_MODULE);
  useOnDelivered(SHARING_MODULE, () => void queryClient.invalidateQueries({ queryKey: groups.keys.all }));
  const [editing, setEditing] = useState<string | null>(null);
  const shown = withPending(list.data ?? [], groups.ownWrites(writes)).filter((group) => group.deletedAt === null || group.deletedAt === undefined);
  const memberList = members.data ?? [];
  return (
    <ModulePage
      title={t('groups.title')}
      onBack={back}
      actions={
        editing === null ? (
          <IonButton onClick={() => setEditing('new')} disabled={members.data === undefined}>
            {t('groups.new')}
          </IonButton>
        ) : undefined
      }
    >
      <p>{t('groups.intro')}</p>
      <FromDeviceNote query={list} />
      {editing === 'new' && <GroupEditor members={memberList} onDone={() => setEditing(null)} />}
      {list.isPending && <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
      {list.data?.length === 0 && editing !== 'new' && <p>{t('groups.empty')}</p>}
      {shown.map((group) => (
        <RecordSection
          key={group.id}
          title={group.name ?? ''}
          actions={
            editing === null && group.pending === undefined ? (
              <>
                <IonButton size="small" fill="outline" onClick={() => setEditing(group.id)}>
                  {t('groups.edit', { name: group.name })}
                </IonButton>
                <IonButton size="small" fill="outline" color="danger" onClick={() => void withToast(() => groups.queueDelete(group), t('groups.deleted'))}>
                  {t('groups.remove', { name: group.name })}
                </IonButton>
              </>
            ) : undefined
          }
        >
          {group.pending !== undefined && <WaitingMark pending={group.pending} />}
          {editing === group.id ? (
            <GroupEditor group={group} members={memberList} onDone={() => setEditing(null)} />
          ) : (
            <p>{(group.memberNames ?? []).map((member) => member.name).join(', ') || t('groups.no_members')}</p>
          )}
        </RecordSection>
      ))}
    </ModulePage>
  );
}
