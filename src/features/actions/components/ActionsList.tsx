/**
 * The actions list (/actionPlan/actions, /actionsV3/actions, and beside a sheet on a wide
 * screen): RecordList with "My actions" (overdue first) and, for managers, all of the
 * district's; the search (title, description, site), the filters (status, priority, assignee,
 * site, plan, template, source, due period) and the sort, each written into the address; rows
 * with their status and priority chips and the overdue mark. Actions made or moved on this
 * device and not yet sent show at once, marked waiting (withPendingList).
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActionSort, ActionSummary, DuePeriod, Priority } from '../../../../common/modules/actions/schemas';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { useSearchPatch } from '../../../components/module/search-patch';
import { RecordList } from '../../../components/module/RecordList';
import { SiteSelect } from '../../../components/module/SiteSelect';
import { currentActor } from '../../../lib/current-actor';
import { useEnvelope } from '../../../lib/envelope-store';
import { usePendingChanges, withPendingList } from '../../../lib/outbox';
import { actionPowers } from '../../../../common/modules/actions/access';
import { actionsListQueryOptions, membersQueryOptions, plansQueryOptions, siteChoicesQueryOptions, templatesQueryOptions } from '../api/reads';
import { actionHref, actionsListHref } from '../paths';
import { actionMatches, completeActionRow, listWrites } from '../pending';
import { ACTION_SORT_NAMES, DUE_NAMES, OPEN_FILTER, PRIORITY_NAMES, STATUS_NAMES, validateActionSearch, type ActionListSearch, type SourceFilter } from '../search';
import { ACTIONS_OUTBOX } from '../writes';
import { ActionRow, DeletedFilter, useActionsBase } from './parts';

export const ACTION_ROW_HEIGHT = 88;
/** A narrow list's row: the title on up to two lines, site and assignee, due day, and the chips' line. */
export const ACTION_NARROW_ROW_HEIGHT = 124;
/** The list's default order (no sort in the address): the server's, overdue first. */
const DEFAULT_SORT = 'default';

export function ActionsList({ search, selectedId }: { search: ActionListSearch; selectedId?: string }) {
  const { t } = useTranslation('action');
  const base = useActionsBase();
  const rights = useEnvelope((state) => state.rights);
  const powers = actionPowers(rights);
  const pending = usePendingChanges(ACTIONS_OUTBOX);
  const me = currentActor();
  const members = useQuery({ ...membersQueryOptions(), enabled: powers.manage });
  const plans = useQuery({ ...plansQueryOptions(), enabled: powers.readPlans });
  const templates = useQuery({ ...templatesQueryOptions(), enabled: powers.readTemplates });

  const deletedView = search.deleted === true;
  const setSearch = useSearchPatch(validateActionSearch, (next: ActionListSearch) => actionsListHref(base, next));
  const who = me ?? { id: '', name: '' };
  const overlay = (rows: ActionSummary[], total: number) =>
    withPendingList(rows, total, listWrites(pending), { matches: actionMatches(search, me?.id ?? null), deletedView, complete: completeActionRow(who) });
  const active = Object.keys(search).filter((key) => key !== 'sort' && key !== 'search' && key !== 'scope').length;
  const filtered = active > 0 || search.search !== undefined;
  const select = (label: string, value: string | undefined, options: readonly { value: string; label: string }[], onChange: (value: string | undefined) => void) => (
    <FilterSelect label={label} anyLabel={t('list.filter_any')} value={value} options={options} onChange={onChange} />
  );

  return (
    <>
      {powers.manage && (
        <div className="action-scope" role="group" aria-label={t('list.scope')}>
          <IonButton fill={search.scope === 'all' ? 'outline' : 'solid'} aria-pressed={search.scope !== 'all'} onClick={() => setSearch({ scope: undefined })}>
            {t('list.mine')}
          </IonButton>
          <IonButton fill={search.scope === 'all' ? 'solid' : 'outline'} aria-pressed={search.scope === 'all'} onClick={() => setSearch({ scope: 'all' })}>
            {t('list.all')}
          </IonButton>
        </div>
      )}
      <RecordList
        query={actionsListQueryOptions(search)}
        label={deletedView ? t('deleted_view.actions_deleted') : search.scope === 'all' ? t('list.all') : t('list.mine')}
        getKey={(row) => row.id}
        overlay={overlay}
        rowHeight={ACTION_ROW_HEIGHT}
        narrowRowHeight={ACTION_NARROW_ROW_HEIGHT}
        selectedId={selectedId}
        scrollKey={actionsListHref(base, search)}
        search={search.search ?? ''}
        onSearch={(value) => setSearch({ search: value })}
        searchLabel={t('list.search')}
        countText={(count) => t('list.count', { count })}
        emptyText={deletedView && active === 1 && search.search === undefined ? t('deleted_view.actions_empty') : filtered ? t('list.empty_filtered') : t('list.empty')}
        sort={{
          value: search.sort ?? DEFAULT_SORT,
          options: [DEFAULT_SORT, ...ACTION_SORT_NAMES].map((value) => ({ value, label: t(`list.sort.${value}`) })),
          onChange: (value) => setSearch({ sort: value === DEFAULT_SORT ? undefined : (value as ActionSort) }),
        }}
        filters={
          // Folded by default: on a phone the rows come first; the count says what is set.
          <details className="action-filters" open={active > 0 ? true : undefined}>
            <summary>{active === 0 ? t('list.filters') : t('list.filters_active', { count: active })}</summary>
            {select(
              t('field.status'),
              search.status,
              [{ value: OPEN_FILTER, label: t('list.open') }, ...STATUS_NAMES.map((value) => ({ value, label: t(`status.${value}`) }))],
              (status) => setSearch({ status }),
            )}
            {select(
              t('field.priority'),
              search.priority,
              PRIORITY_NAMES.map((value) => ({ value, label: t(`priority.${value}`) })),
              (priority) => setSearch({ priority: priority as Priority | undefined }),
            )}
            {powers.manage &&
              select(
                t('field.assignee'),
                search.assignee,
                (members.data ?? []).map((member) => ({ value: member.id, label: member.name })),
                (assignee) => setSearch({ assignee, scope: assignee === undefined ? search.scope : 'all' }),
              )}
            <SiteSelect label={t('field.site')} value={search.site ?? null} noneLabel={t('list.filter_any')} onChange={(site) => setSearch({ site: site ?? undefined })} choices={siteChoicesQueryOptions} />
            {powers.readPlans &&
              select(
                t('field.plan'),
                search.plan,
                (plans.data?.items ?? []).map((plan) => ({ value: plan.id, label: plan.name })),
                (plan) => setSearch({ plan }),
              )}
            {powers.readTemplates &&
              select(
                t('field.template'),
                search.template,
                (templates.data?.items ?? []).map((template) => ({ value: template.id, label: template.name })),
                (template) => setSearch({ template }),
              )}
            {select(
              t('field.source'),
              search.source,
              (['declaration', 'inspection', 'equipment', 'none'] as const).map((value) => ({ value, label: t(`source.${value}`) })),
              (source) => setSearch({ source: source as SourceFilter | undefined }),
            )}
            {select(
              t('list.due_period'),
              search.due,
              DUE_NAMES.map((value) => ({ value, label: t(`due.${value}`) })),
              (due) => setSearch({ due: due as DuePeriod | undefined }),
            )}
            {powers.manage && (
              // The deleted ones are the district's: the view shows everyone's.
              <DeletedFilter kind="actions" deleted={deletedView} onChange={(deleted) => setSearch(deleted ? { deleted: true, scope: 'all' } : { deleted: undefined })} />
            )}
          </details>
        }
        renderRow={(row, selected) => <ActionRow action={row} href={actionHref(base, row.id, search)} selected={selected} />}
      />
    </>
  );
}
