/**
 * The actions' pages, one per route (routes.tsx), shared by Action plans and Actions V3 (the
 * same routes under either prefix: useActionsBase says which): the list, a sheet (beside the
 * list on a wide screen), the new action form and a manager's edit. The plans are in
 * plan-pages.tsx, a chunk of its own.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { actionPowers } from '../../../../common/modules/actions/access';
import { ModulePage } from '../../../components/module/ModulePage';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { SplitLayout, useWideLayout } from '../../../components/module/SplitLayout';
import { useBack } from '../../../hooks/use-back';
import { downloadApiFile } from '../../../lib/download';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { actionQueryOptions, listParams } from '../api/reads';
import { useLiveActions } from '../live';
import { actionHref, actionsListHref, newActionHref, plansHref, templatesHref, type ActionsBase } from '../paths';
import { registerActionSenders } from '../senders';
import { validateActionSearch, validateNewActionSearch, type ActionListSearch } from '../search';
import { ActionsList } from './ActionsList';
import { ActionSheet } from './ActionSheet';
import { EditAction, NewAction } from './ActionForm';
import { useActionsBase } from './parts';

registerActionSenders();

/** Around every Action plans screen: the live updates. */
export function ActionPlansLayout() {
  useLiveActions();
  return <Outlet />;
}

function useListSearch(): ActionListSearch {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateActionSearch(raw);
}

function useParam(name: 'actionId'): string {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  return params[name] ?? '';
}

/** The list's header actions: a new action; managers export; the plans and the templates one tap away. */
function ListActions({ base, search }: { base: ActionsBase; search: ActionListSearch }) {
  const { t } = useTranslation('action');
  const router = useRouter();
  const powers = actionPowers(useEnvelope((state) => state.rights));
  const exportCsv = () => {
    const { sort: _sort, ...filters } = search;
    void downloadApiFile('actions/export.csv', listParams(filters), 'actions.csv').catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  };
  return (
    <>
      <IonButton onClick={() => void router.navigate({ href: newActionHref(base) })}>{t('list.new')}</IonButton>
      {powers.manage && (
        <IonButton fill="outline" onClick={exportCsv}>
          {t('list.export')}
        </IonButton>
      )}
      {base === '/actionPlan' && powers.readPlans && (
        <IonButton fill="outline" onClick={() => void router.navigate({ href: plansHref() })}>
          {t('list.plans')}
        </IonButton>
      )}
      {base === '/actionsV3' && powers.readTemplates && (
        <IonButton fill="outline" onClick={() => void router.navigate({ href: templatesHref() })}>
          {t('list.templates')}
        </IonButton>
      )}
    </>
  );
}

function ListPane({ search, selectedId }: { search: ActionListSearch; selectedId?: string }) {
  const { t } = useTranslation('action');
  const base = useActionsBase();
  return (
    <ModulePage title={search.scope === 'all' ? t('list.title_all') : t('list.title')} actions={<ListActions base={base} search={search} />}>
      <ActionsList search={search} selectedId={selectedId} />
    </ModulePage>
  );
}

export function ActionsListPage() {
  const { t } = useTranslation('action');
  const search = useListSearch();
  return <SplitLayout list={<ListPane search={search} />} detail={null} placeholder={t('list.choose')} />;
}

export function ActionSheetPage() {
  const { t } = useTranslation('action');
  const search = useListSearch();
  const base = useActionsBase();
  const id = useParam('actionId');
  const wide = useWideLayout();
  const back = useBack(actionsListHref(base, search));
  return (
    <SplitLayout
      list={<ListPane search={search} selectedId={id} />}
      detail={<ActionSheet key={id} actionId={id} onBack={wide ? undefined : back} />}
      placeholder={t('list.choose')}
    />
  );
}

export function NewActionPage() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const prefill = validateNewActionSearch(raw);
  const router = useRouter();
  const base = useActionsBase();
  const back = useBack(actionsListHref(base));
  return (
    <NewAction
      key={`${prefill.template ?? ''}|${prefill.source ?? ''}`}
      prefill={prefill}
      onChooseTemplate={(template) => void router.navigate({ href: newActionHref(base, { ...prefill, template }), replace: true })}
      onDone={(id) => void router.navigate({ href: actionHref(base, id), replace: true })}
      onCancel={back}
    />
  );
}

export function EditActionPage() {
  const { t } = useTranslation('action');
  const id = useParam('actionId');
  const router = useRouter();
  const base = useActionsBase();
  const action = useQuery(actionQueryOptions(id));
  const back = useBack(actionHref(base, id));
  if (action.data === undefined) return <SheetPlaceholder title={t('form.edit')} onBack={back} query={action} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  return <EditAction action={action.data} onDone={() => void router.navigate({ href: actionHref(base, id), replace: true })} onCancel={back} />;
}
