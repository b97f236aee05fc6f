/**
 * Small parts every actions screen shares (both modules): which module the user is in (the
 * address's prefix), the chips of a status and a priority, the overdue mark, a due day as the
 * user's language writes it, and an action's row (the list, a plan's page, a source's sheet).
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActionStatus, ActionSummary, Priority } from '../../../../common/modules/actions/schemas';
import { DeletedFilter as SharedDeletedFilter } from '../../../components/module/DeletedFilter';
import { StatusChip, type StatusTone } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { formatDate } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { useOnDelivered, type WithPending } from '../../../lib/outbox';
import { ACTION_PLANS_PREFIX, ACTIONS_V3_PREFIX, type ActionsBase } from '../paths';
import './actions.css';

export const STATUS_TONE: Record<ActionStatus, StatusTone> = { todo: 'info', inProgress: 'warning', done: 'success', verified: 'success', cancelled: 'neutral' };
export const PRIORITY_TONE: Record<Priority, StatusTone> = { low: 'neutral', normal: 'info', high: 'warning', critical: 'danger' };

/** The module whose prefix the address is under: links and back stay in it. */
export function useActionsBase(): ActionsBase {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return pathname.startsWith(ACTIONS_V3_PREFIX) ? ACTIONS_V3_PREFIX : ACTION_PLANS_PREFIX;
}

/** A write queued, then the user told and taken elsewhere (a record deleted: back to its list); a refusal shown. */
export function useQueueThenGo(): (write: () => Promise<unknown>, message: string, href: string) => void {
  const router = useRouter();
  return (write, message, href) =>
    void write().then(
      () => {
        showSavedToast(message);
        void router.navigate({ href, replace: true });
      },
      (error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }),
    );
}

/** A day (YYYY-MM-DD) in the user's language, read as a local day (not UTC midnight). */
export const formatDay = (day: string, language: string) => formatDate(new Date(`${day}T00:00:00`), language);

export function ActionChips({ status, priority, overdue }: { status: ActionStatus; priority: Priority; overdue: boolean }) {
  const { t } = useTranslation('action');
  return (
    <>
      <StatusChip label={t(`status.${status}`)} tone={STATUS_TONE[status]} />
      <StatusChip label={t(`priority.${priority}`)} tone={PRIORITY_TONE[priority]} />
      {overdue && <StatusChip label={t('overdue')} tone="danger" />}
    </>
  );
}

/** An action's row: title, site, assignee and due day, its chips, and the waiting mark of a write still on the device. */
export function ActionRow({ action, href, selected = false }: { action: WithPending<ActionSummary>; href: string; selected?: boolean }) {
  const { t, i18n } = useTranslation('action');
  const follow = useLinkNavigation();
  const details = [action.siteName, action.assignee?.name ?? t('sheet.nobody')].filter((part): part is string => part !== null && part !== '').join(' · ');
  return (
    <a href={href} onClick={follow(href)} className={`record-row action-row${action.overdue ? ' action-row-overdue' : ''}`} aria-current={selected ? 'true' : undefined}>
      <span className="record-row-text">
        <strong>{action.title}</strong>
        <span>{details}</span>
        <span>{action.dueOn === null ? t('list.no_due') : t('list.due', { day: formatDay(action.dueOn, i18n.language) })}</span>
      </span>
      <span className="record-row-chips action-row-chips">
        <ActionChips status={action.status} priority={action.priority} overdue={action.overdue} />
        {action.deletedAt !== null && <StatusChip label={t('sheet.deleted')} tone="danger" />}
        {action.pending !== undefined && <WaitingMark pending={action.pending} />}
      </span>
    </a>
  );
}

/**
 * A manager's choice between a list's records in use and its deleted ones (each restorable from
 * its page), kept in the address (`deleted=true`) like the Sites list's.
 */
export function DeletedFilter({ kind, deleted, onChange }: { kind: 'actions' | 'plans' | 'templates'; deleted: boolean; onChange: (deleted: boolean) => void }) {
  const { t } = useTranslation('action');
  return <SharedDeletedFilter label={t('deleted_view.label')} liveLabel={t(`deleted_view.${kind}_live`)} deletedLabel={t(`deleted_view.${kind}_deleted`)} deleted={deleted} onChange={onChange} />;
}

/**
 * Reads `queryKey` again when a write of `module` is delivered: the server's copy moved, and the
 * overlay no longer hides or marks the record (a plan deleted from its page is gone from the
 * list once sent, without waiting for the socket's word).
 */
export function useReadAgainWhenSent(module: string, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  useOnDelivered(module, () => void queryClient.invalidateQueries({ queryKey }));
}

/** A plan's progress: done of total as a bar, and the overdue count. */
export function PlanProgressBar({ progress }: { progress: { total: number; done: number; overdue: number; percent: number | null } }) {
  const { t } = useTranslation('action');
  const percent = Math.round(progress.percent ?? 0);
  return (
    <span className="plan-progress">
      <span
        className="plan-progress-bar"
        role="progressbar"
        aria-label={t('plans.progress_label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('plans.progress', { done: progress.done, total: progress.total })}
      >
        <span className="plan-progress-fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="plan-progress-text">
        {t('plans.progress', { done: progress.done, total: progress.total })}
        {progress.overdue > 0 && <span className="plan-progress-overdue"> · {t('plans.overdue', { count: progress.overdue })}</span>}
      </span>
    </span>
  );
}
