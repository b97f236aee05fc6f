/**
 * The workflow pages (a chunk of their own): the instances (/workflow/workflow-view, open or
 * done, by definition), an instance's sheet, a new request (a permit on its own, or a record's
 * workflow from its sheet), and the inbox of the toolbar's icon (/notificationsWorkflowV2: what
 * waits on the reader, the address's hash opening one item; the reader's delegations).
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useRouter, useRouterState, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { instancePath, type InboxItem, type InstanceSummary } from '../../../../common/modules/workflow/schemas';
import { ModulePage } from '../../../components/module/ModulePage';
import { NavButton } from '../../../components/module/RecordPages';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { usePendingWrites } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { showToast } from '../../../lib/toast';
import { delegationsQuery, DELEGATIONS_OUTBOX, inboxQuery, instancesQuery, type InstanceSearch, metaQuery, queueDelegation, queueEndDelegation, queueStart, summaryText, WORKFLOW_OUTBOX, WRITE_KINDS } from '../api';
import { labelIn } from '../view';
import { InstanceView } from './InstanceView';
import { useWorkflowLive } from './live';
import './workflow.css';

const LIST_PATH = '/workflow/workflow-view';

/** A link inside the app (the router's navigation, not a page load). */
function AppLink({ href, className, children, testId }: { href: string; className: string; children: ReactNode; testId?: string }) {
  const router = useRouter();
  return (
    <a
      className={className}
      href={href}
      data-testid={testId}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}

function InstanceRow({ item, href }: { item: Pick<InstanceSummary, 'id' | 'title' | 'definitionName' | 'stateLabel' | 'status' | 'updatedAt'> & { forName?: string | null }; href: string }) {
  const { t, i18n } = useTranslation('workflow');
  return (
    <li className="workflow-row">
      <AppLink className="workflow-row-link" href={href} testId="workflow-row">
        <strong>{item.title}</strong>
        <span className="workflow-row-meta">
          {item.definitionName} · {formatDateTime(item.updatedAt, i18n.language)}
          {item.forName ? ` · ${t('inbox.for', { name: item.forName })}` : ''}
        </span>
      </AppLink>
      <StatusChip label={labelIn(item.stateLabel, i18n.language)} tone={item.status === 'done' ? 'success' : 'info'} />
    </li>
  );
}

/** "Show more": the page after `cursor` (read by key), and its own "Show more" while there are more. */
function MoreInstances({ cursor, search }: { cursor: string | null; search: InstanceSearch }) {
  const { t } = useTranslation('workflow');
  const [shown, setShown] = useState(false);
  const page = useQuery({ ...instancesQuery(search, cursor ?? undefined), enabled: shown && cursor !== null });
  if (!cursor) return null;
  if (!shown || !page.data)
    return (
      <li className="workflow-row">
        <IonButton fill="outline" disabled={shown} onClick={() => setShown(true)}>
          {shown ? t('loading') : t('list.more')}
        </IonButton>
      </li>
    );
  return (
    <>
      {page.data.items.map((item) => (
        <InstanceRow key={item.id} item={item} href={instancePath(item.id)} />
      ))}
      <MoreInstances cursor={page.data.nextCursor} search={search} />
    </>
  );
}

function MoreInbox({ cursor }: { cursor: string | null }) {
  const { t } = useTranslation('workflow');
  const [shown, setShown] = useState(false);
  const page = useQuery({ ...inboxQuery(cursor ?? undefined), enabled: shown && cursor !== null });
  if (!cursor) return null;
  if (!shown || !page.data)
    return (
      <li className="workflow-row">
        <IonButton fill="outline" disabled={shown} onClick={() => setShown(true)}>
          {shown ? t('loading') : t('list.more')}
        </IonButton>
      </li>
    );
  return (
    <>
      {page.data.items.map((item: InboxItem) => (
        <InstanceRow key={item.id} item={item} href={`/notificationsWorkflowV2#${item.id}`} />
      ))}
      <MoreInbox cursor={page.data.nextCursor} />
    </>
  );
}

/** The instances started on this device and not yet on the server, at the top of the lists. */
function QueuedStarts() {
  const { t } = useTranslation('workflow');
  const starts = usePendingWrites(WORKFLOW_OUTBOX).filter((i) => i.kind === WRITE_KINDS.start);
  if (starts.length === 0) return null;
  return (
    <>
      {starts.map((item) => (
        <li key={item.key} className="workflow-row">
          <AppLink className="workflow-row-link" href={instancePath(item.recordId)} testId="workflow-row">
            <strong>{summaryText(item.summary, 'title')}</strong>
            <span className="workflow-row-meta">
              {summaryText(item.summary, 'definitionName')} · {item.state === 'failed' ? t('list.start_refused') : t('list.start_waiting')}
            </span>
          </AppLink>
          <WaitingMark />
        </li>
      ))}
    </>
  );
}

export function WorkflowListPage() {
  useWorkflowLive();
  const { t } = useTranslation('workflow');
  const rights = useEnvelope((s) => s.rights);
  const [status, setStatus] = useState<'open' | 'done'>('open');
  const list = useQuery(instancesQuery({ status }));
  const actions = (
    <>
      <NavButton href="/workflow/new">{t('list.new')}</NavButton>
      <NavButton href="/notificationsWorkflowV2" outline>
        {t('list.inbox')}
      </NavButton>
      {can(rights, 'workflow', 'manage') && (
        <NavButton href="/workflow/definitions" outline>
          {t('list.definitions')}
        </NavButton>
      )}
    </>
  );
  return (
    <ModulePage title={t('title')} actions={actions}>
      <div className="workflow-filters" role="group" aria-label={t('list.status')}>
        {(['open', 'done'] as const).map((s) => (
          <IonButton key={s} fill={status === s ? 'solid' : 'outline'} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {t(`list.${s}`)}
          </IonButton>
        ))}
      </div>
      <ul className="workflow-list" aria-label={t('list.title')}>
        {status === 'open' && <QueuedStarts />}
        {(list.data?.items ?? []).map((item) => (
          <InstanceRow key={item.id} item={item} href={instancePath(item.id)} />
        ))}
        {list.data && <MoreInstances key={status} cursor={list.data.nextCursor} search={{ status }} />}
      </ul>
      {list.isPending && <p className="workflow-muted">{t('loading')}</p>}
      {list.data?.total !== undefined && <p className="workflow-muted">{t('list.count', { count: list.data.total })}</p>}
    </ModulePage>
  );
}

export function InstanceSheetPage() {
  useWorkflowLive();
  const { t } = useTranslation('workflow');
  const params: { instanceId?: string } = useParams({ strict: false });
  const instanceId = params.instanceId ?? '';
  const navigate = useNavigate();
  return (
    <ModulePage title={t('title')} onBack={() => void navigate({ href: LIST_PATH })}>
      <InstanceView id={instanceId} />
    </ModulePage>
  );
}

export function StartPage() {
  const { t } = useTranslation('workflow');
  const search: { recordId?: string; definitionId?: string } = useSearch({ strict: false });
  const meta = useQuery(metaQuery());
  const navigate = useNavigate();
  const choices = (meta.data?.definitions ?? []).filter((d) => (search.recordId ? d.target !== null : d.target === null));
  const [definitionId, setDefinitionId] = useState(search.definitionId ?? '');
  const [title, setTitle] = useState('');
  const chosen = choices.find((d) => d.id === definitionId);
  return (
    <ModulePage title={t('start.title')} onBack={() => void navigate({ href: LIST_PATH })}>
      <form
        className="workflow-form"
        aria-label={t('start.title')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen || title.trim() === '') return;
          const id = crypto.randomUUID();
          void queueStart({ id, definitionId: chosen.id, title: title.trim(), ...(search.recordId ? { recordId: search.recordId } : {}) }, chosen.name).then(() => {
            showToast({ kind: 'success', message: t('start.queued') });
            void navigate({ href: instancePath(id) });
          });
        }}
      >
        <label>
          {t('start.definition')}
          <select required value={definitionId} onChange={(e) => setDefinitionId(e.target.value)}>
            <option value="">{t('start.choose')}</option>
            {choices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('start.name')}
          <input required value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} placeholder={chosen ? `${chosen.name} – …` : ''} />
        </label>
        <IonButton type="submit" disabled={!chosen || title.trim() === ''}>
          {t('start.submit')}
        </IonButton>
      </form>
    </ModulePage>
  );
}

export function InboxPage() {
  useWorkflowLive();
  const { t } = useTranslation('workflow');
  const inbox = useQuery(inboxQuery());
  const hash = useRouterState({ select: (s) => s.location.hash });
  const opened = /^[0-9a-f-]{36}$/i.test(hash) ? hash : null;
  useEffect(() => {
    if (opened) document.getElementById('workflow-opened')?.focus();
  }, [opened]);
  return (
    <ModulePage title={t('inbox.title')}>
      {opened && (
        <section id="workflow-opened" tabIndex={-1} aria-label={t('inbox.opened')}>
          <InstanceView id={opened} />
          <AppLink href="/notificationsWorkflowV2" className="workflow-muted">
            {t('inbox.close')}
          </AppLink>
        </section>
      )}
      <h2>{t('inbox.waiting', { count: inbox.data?.total ?? 0 })}</h2>
      <ul className="workflow-list" aria-label={t('inbox.title')}>
        {(inbox.data?.items ?? []).map((item) => (
          <InstanceRow key={item.id} item={item} href={`/notificationsWorkflowV2#${item.id}`} />
        ))}
        {inbox.data && <MoreInbox cursor={inbox.data.nextCursor} />}
      </ul>
      {inbox.isPending && <p className="workflow-muted">{t('loading')}</p>}
      {inbox.data?.total === 0 && <p className="workflow-muted">{t('inbox.empty')}</p>}
      <DelegationSection />
    </ModulePage>
  );
}

function DelegationSection() {
  const { t, i18n } = useTranslation('workflow');
  const delegations = useQuery(delegationsQuery());
  const pending = usePendingWrites(DELEGATIONS_OUTBOX);
  const today = new Date().toISOString().slice(0, 10);
  const [delegateId, setDelegateId] = useState('');
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState(today);
  const day = (d: string) => formatDay(d, i18n.language);
  return (
    <section aria-labelledby="workflow-delegation-title">
      <h2 id="workflow-delegation-title">{t('delegation.title')}</h2>
      <ul className="workflow-list">
        {(delegations.data?.mine ?? []).map((d) => (
          <li key={d.id} className="workflow-row">
            <span className="workflow-row-link">{t('delegation.mine', { name: d.delegateName, from: day(d.startsOn), to: day(d.endsOn) })}</span>
            <IonButton fill="outline" onClick={() => void queueEndDelegation(d.id)}>
              {t('delegation.end')}
            </IonButton>
          </li>
        ))}
        {(delegations.data?.forMe ?? []).map((d) => (
          <li key={d.id} className="workflow-row">
            <span className="workflow-row-link">{t('delegation.for_me', { name: d.accountName, from: day(d.startsOn), to: day(d.endsOn) })}</span>
          </li>
        ))}
        {pending.map((item) => (
          <li key={item.key} className="workflow-row">
            <span className="workflow-row-link">{item.state === 'failed' && item.lastError ? t(item.lastError, { ns: 'common' }) : t('delegation.waiting')}</span>
            <WaitingMark />
          </li>
        ))}
      </ul>
      <form
        className="workflow-form"
        aria-label={t('delegation.new')}
        onSubmit={(event) => {
          event.preventDefault();
          if (delegateId === '') return;
          void queueDelegation({ id: crypto.randomUUID(), delegateId, startsOn, endsOn });
        }}
      >
        <label>
          {t('delegation.delegate')}
          <select required value={delegateId} onChange={(e) => setDelegateId(e.target.value)}>
            <option value="">{t('start.choose')}</option>
            {(delegations.data?.members ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('delegation.from')}
          <input type="date" required value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
        </label>
        <label>
          {t('delegation.to')}
          <input type="date" required value={endsOn} min={startsOn} onChange={(e) => setEndsOn(e.target.value)} />
        </label>
        <IonButton type="submit">{t('delegation.save')}</IonButton>
      </form>
    </section>
  );
}
