/**
 * The plans' pages (Action plans' view `actionPlanView`): the plans with their progress bars
 * (done of total, overdue count), a plan's page with its actions and progress, and the plan
 * form for plan managers (name, description, site, owner, period). Writes go through the
 * outbox like every other; a plan made offline shows at once, marked waiting.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { actionPowers } from '../../../../common/modules/actions/access';
import { PLAN_NAME_MAX, PlanFields, TEXT_MAX, type ActionSummary, type Plan, type PlanSummary } from '../../../../common/modules/actions/schemas';
import { ChoiceSelect } from '../../../components/module/ChoiceSelect';
import { StatusChip } from '../../../components/module/StatusChip';
import { FormActions, FormPage, useFormSave } from '../../../components/module/FormActions';
import { FromDeviceNote } from '../../../components/module/FromDeviceNote';
import { ModulePage } from '../../../components/module/ModulePage';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { TextField, useRecordForm } from '../../../components/module/RecordForm';
import { RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { SiteSelect } from '../../../components/module/SiteSelect';
import { schemaProblems } from '../../../components/module/validation';
import { WaitingMark } from '../../../components/WaitingMark';
import { useBack } from '../../../hooks/use-back';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { currentActor } from '../../../lib/current-actor';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { deletedOnceSent, usePendingChanges, useServerMayHave, withPendingList, withPendingRecord, type WithPending } from '../../../lib/outbox';
import { useKeptRecord } from '../../../components/module/kept-record';
import { actionsKeys } from '../api/keys';
import { membersQueryOptions, planActionsQueryOptions, planQueryOptions, plansQueryOptions, siteChoicesQueryOptions } from '../api/reads';
import { ACTION_PLANS_PREFIX, actionHref, newActionHref, planEditHref, planHref, planNewHref, plansHref } from '../paths';
import { validateDeletedSearch } from '../search';
import { completeActionRow, listWrites } from '../pending';
import { ACTIONS_OUTBOX, planRecords, PLANS_OUTBOX, queueCreatePlan } from '../writes';
import { ActionRow, DeletedFilter, formatDay, PlanProgressBar, useQueueThenGo, useReadAgainWhenSent } from './parts';


const usePlanId = () => {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  return params.planId ?? '';
};

const NO_PROGRESS = { total: 0, done: 0, overdue: 0, percent: null };

export function PlansPage() {
  const { t, i18n } = useTranslation('action');
  const router = useRouter();
  const follow = useLinkNavigation();
  const powers = actionPowers(useEnvelope((state) => state.rights));
  // The deleted view (plan managers; the server refuses it to others).
  const deletedView = validateDeletedSearch(useSearch({ strict: false })).deleted === true && powers.managePlans;
  const plans = useQuery(plansQueryOptions('', deletedView));
  const pending = usePendingChanges(PLANS_OUTBOX);
  useReadAgainWhenSent(PLANS_OUTBOX, actionsKeys.plans());
  const rows: WithPending<PlanSummary>[] = withPendingList(plans.data?.items ?? [], plans.data?.total ?? 0, pending, { matches: () => true, deletedView }).rows.map((plan) => ({
    ...plan,
    progress: plan.progress ?? NO_PROGRESS,
  }));
  const period = (plan: PlanSummary) =>
    [plan.startOn, plan.endOn].every((day) => day === null) ? null : `${plan.startOn === null ? '…' : formatDay(plan.startOn, i18n.language)} – ${plan.endOn === null ? '…' : formatDay(plan.endOn, i18n.language)}`;
  return (
    <ModulePage
      title={t('plans.title')}
      actions={
        powers.managePlans ? <IonButton onClick={() => void router.navigate({ href: planNewHref() })}>{t('plans.new')}</IonButton> : undefined
      }
    >
      <div className="record-sheet">
        {powers.managePlans && (
          <div className="record-list-tools">
            <DeletedFilter kind="plans" deleted={deletedView} onChange={(deleted) => void router.navigate({ href: plansHref(deleted ? { deleted: true } : {}), replace: true })} />
          </div>
        )}
        {plans.isPending && plans.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
        {plans.isPending && plans.fetchStatus === 'paused' && rows.length === 0 && <p>{t('sheet.offline_missing')}</p>}
        {plans.isError && plans.data === undefined && <p role="alert">{describeApiError(plans.error)}</p>}
        <FromDeviceNote query={plans} />
        {plans.data !== undefined && rows.length === 0 && <p>{deletedView ? t('deleted_view.plans_empty') : t('plans.empty')}</p>}
        {rows.length > 0 && (
          <ul className="bare-list action-list-plain" aria-label={deletedView ? t('deleted_view.plans_deleted') : t('plans.title')}>
            {rows.map((plan) => (
              <li key={plan.id}>
                <a className="plan-row" href={planHref(plan.id)} onClick={follow(planHref(plan.id))}>
                  <span className="record-row-text">
                    <strong>{plan.name}</strong>
                    <span>{[plan.siteName, plan.owner?.name, period(plan)].filter(Boolean).join(' · ')}</span>
                  </span>
                  <PlanProgressBar progress={plan.progress} />
                  {plan.deletedAt !== null && <StatusChip label={t('deleted_view.deleted')} tone="danger" />}
                  {plan.pending !== undefined && <WaitingMark pending={plan.pending} />}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ModulePage>
  );
}

export function PlanPage() {
  const { t, i18n } = useTranslation('action');
  const id = usePlanId();
  const router = useRouter();
  const back = useBack(plansHref());
  const powers = actionPowers(useEnvelope((state) => state.rights));
  const query = useQuery({ ...planQueryOptions(id), enabled: useServerMayHave('action_plans.create', id) });
  const planWrites = usePendingChanges(PLANS_OUTBOX, id);
  const plan: WithPending<Plan> | undefined = useKeptRecord(withPendingRecord<Plan>(query.data, planWrites), query.isFetching);
  const actions = useQuery(planActionsQueryOptions(id));
  const actionWrites = usePendingChanges(ACTIONS_OUTBOX);
  const me = currentActor() ?? { id: '', name: '' };
  const queueThenGo = useQueueThenGo();
  if (plan === undefined) return <SheetPlaceholder title={t('plans.plan')} onBack={back} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  const listed = actions.data?.items ?? [];
  const view = withPendingList<ActionSummary>(listed, actions.data?.total ?? 0, listWrites(actionWrites), {
    matches: (row) => row.planId === id || (row as { planId?: string | null }).planId === id,
    complete: completeActionRow(me),
  });
  // Deleted on the server and not restored here, or deleted here.
  const deleted = deletedOnceSent(plan, planWrites);
  const remove = () => queueThenGo(() => planRecords.queueDelete(plan), t('plans.deleted'), plansHref());
  const restore = () => queueThenGo(() => planRecords.queueRestore(plan), t('sheet.restored'), planHref(plan.id));
  return (
    <ModulePage
      title={plan.name}
      onBack={back}
      actions={
        <>
          {powers.own && !deleted && (
            <IonButton onClick={() => void router.navigate({ href: newActionHref(ACTION_PLANS_PREFIX, { plan: plan.id }) })}>{t('plans.new_action')}</IonButton>
          )}
          {powers.managePlans && !deleted && (
            <>
              <IonButton fill="outline" onClick={() => void router.navigate({ href: planEditHref(plan.id) })}>
                {t('sheet.edit')}
              </IonButton>
              <IonButton fill="outline" color="danger" onClick={remove}>
                {t('sheet.delete')}
              </IonButton>
            </>
          )}
          {powers.managePlans && deleted && <IonButton onClick={restore}>{t('sheet.restore')}</IonButton>}
        </>
      }
    >
      <RecordSheet label={plan.name}>
        {deleted && <StatusChip label={t('deleted_view.deleted')} tone="danger" />}
        {plan.pending !== undefined && <WaitingMark pending={plan.pending} />}
        <PlanProgressBar progress={plan.progress ?? NO_PROGRESS} />
        <RecordFields
          fields={[
            { label: t('field.description'), value: plan.description || t('sheet.empty') },
            { label: t('field.siteId'), value: plan.siteName ?? t('sheet.no_site') },
            { label: t('field.ownerId'), value: plan.owner?.name ?? t('sheet.empty') },
            { label: t('field.startOn'), value: plan.startOn === null ? t('sheet.empty') : formatDay(plan.startOn, i18n.language) },
            { label: t('field.endOn'), value: plan.endOn === null ? t('sheet.empty') : formatDay(plan.endOn, i18n.language) },
          ]}
        />
        <RecordSection title={t('plans.actions', { count: view.total })}>
          {actions.isPending && actions.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
          {actions.isError && actions.data === undefined && <p role="alert">{describeApiError(actions.error)}</p>}
          {actions.data !== undefined && view.rows.length === 0 && <p>{t('plans.no_actions')}</p>}
          {view.rows.length > 0 && (
            <ul className="bare-list action-list-plain" aria-label={t('plans.actions', { count: view.total })}>
              {view.rows.map((row) => (
                <li key={row.id}>
                  <ActionRow action={row} href={actionHref(ACTION_PLANS_PREFIX, row.id)} />
                </li>
              ))}
            </ul>
          )}
        </RecordSection>
      </RecordSheet>
    </ModulePage>
  );
}

type PlanFormState = PlanFields;

export function PlanNewPage() {
  const { t } = useTranslation('action');
  const router = useRouter();
  const back = useBack(plansHref());
  const me = currentActor();
  const initial: PlanFormState = { name: '', description: '', siteId: null, ownerId: me?.id ?? '', startOn: null, endOn: null };
  return (
    <PlanForm
      title={t('plans.new')}
      initial={initial}
      draftKey="actions:plan:new"
      onSave={async (state) => {
        const id = await queueCreatePlan(state);
        void router.navigate({ href: planHref(id), replace: true });
      }}
      onCancel={back}
    />
  );
}

export function PlanEditPage() {
  const { t } = useTranslation('action');
  const id = usePlanId();
  const router = useRouter();
  const back = useBack(planHref(id));
  const plan = useQuery(planQueryOptions(id));
  if (plan.data === undefined) return <SheetPlaceholder title={t('plans.edit')} onBack={back} query={plan} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  const current = plan.data;
  const initial: PlanFormState = { name: current.name, description: current.description, siteId: current.siteId, ownerId: current.ownerId, startOn: current.startOn, endOn: current.endOn };
  return (
    <PlanForm
      title={t('plans.edit')}
      initial={initial}
      draftKey={`actions:plan:${current.id}:${current.version}`}
      siteName={current.siteName}
      ownerName={current.owner.name}
      onSave={async (state) => {
        await planRecords.queueUpdate({ ...initial, id: current.id, version: current.version }, state);
        void router.navigate({ href: planHref(current.id), replace: true });
      }}
      onCancel={back}
    />
  );
}

interface PlanFormProps {
  title: string;
  initial: PlanFormState;
  draftKey: string;
  siteName?: string | null;
  ownerName?: string | null;
  onSave: (state: PlanFormState) => Promise<void>;
  onCancel: () => void;
}

function PlanForm({ title, initial, draftKey, siteName = null, ownerName = null, onSave, onCancel }: PlanFormProps) {
  const { t } = useTranslation('action');
  const me = currentActor();
  const check = useCallback((state: PlanFormState) => {
    const problems = schemaProblems(PlanFields, state);
    if (state.startOn !== null && state.endOn !== null && state.endOn < state.startOn) problems.endOn = { key: 'module.error.invalid' };
    return problems;
  }, []);
  const form = useRecordForm<PlanFormState>({ initial, check, draftKey });
  const { state, set, shown } = form;
  const { saving, submit } = useFormSave(form, onSave, t('form.saved'));
  const members = useQuery(membersQueryOptions());
  const ids = { start: useId(), end: useId() };
  const endProblem = shown('endOn');
  return (
    <FormPage title={title} onBack={onCancel} form={form} submit={submit}>
        <TextField label={t('field.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={PLAN_NAME_MAX} required />
        <TextField label={t('field.description')} value={state.description} onChange={(v) => set('description', v)} problem={shown('description')} multiline maxlength={TEXT_MAX} />
        <SiteSelect label={t('field.siteId')} value={state.siteId} choices={siteChoicesQueryOptions} chosenName={siteName} noneLabel={t('sheet.no_site')} onChange={(v) => set('siteId', v)} className="record-form-site" />
        <ChoiceSelect
          label={t('field.ownerId')}
          value={state.ownerId}
          choices={members.data ?? []}
          chosenName={state.ownerId === me?.id ? me.name : ownerName}
          onChange={(v) => set('ownerId', v ?? '')}
        />
        <label className="record-form-select" htmlFor={ids.start}>
          {t('field.startOn')}
          <input id={ids.start} type="date" value={state.startOn ?? ''} onChange={(event) => set('startOn', event.target.value || null)} />
        </label>
        <label className="record-form-select" htmlFor={ids.end}>
          {t('field.endOn')}
          <input id={ids.end} type="date" value={state.endOn ?? ''} aria-invalid={endProblem !== undefined} onChange={(event) => set('endOn', event.target.value || null)} />
        </label>
        {endProblem !== undefined && (
          <p className="record-form-error" role="alert">
            {t('plans.end_before_start')}
          </p>
        )}
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} saving={saving} onCancel={onCancel} form={form} />
    </FormPage>
  );
}
