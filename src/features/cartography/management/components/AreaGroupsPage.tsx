/**
 * Cartography management's groups of areas (/cartographyManagement/layer/mapsAreaGroup;
 * mapsAreaGroup or mapsArea read, mapsAreaGroup manage to write): every group with its colour
 * and its count of areas; a group's sheet lists its areas (each a link to the areas' page) and
 * its history; managers create and edit (name, description, colour), delete (refused by the
 * server while areas use it: the outbox shows the refusal on the row) and restore. Writes are
 * queued in the outbox and shown at once. The address holds the open group and the view.
 */
import { IonButton } from '@ionic/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { mapPowers } from '../../../../../common/modules/cartography/access';
import { AreaGroupFields, type AreaGroup } from '../../../../../common/modules/cartography/schemas';
import { FormActions, useFormSave } from '../../../../components/module/FormActions';
import { ModulePage } from '../../../../components/module/ModulePage';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../../components/module/RecordSheet';
import { DraftOffer, TextField, useRecordForm } from '../../../../components/module/RecordForm';
import { SplitLayout, useWideLayout } from '../../../../components/module/SplitLayout';
import { StatusChip } from '../../../../components/module/StatusChip';
import { schemaProblems } from '../../../../components/module/validation';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { useEnvelope } from '../../../../lib/envelope-store';
import { describeApiError } from '../../../../lib/error-messages';
import { deletedOnceSent, usePendingChanges, withPendingList, type WithPending } from '../../../../lib/outbox';
import { showToast } from '../../../../lib/toast';
import { showSavedToast } from '../../../../lib/saved-toast';
import { areaGroupHistoryQueryOptions, areaGroupsQueryOptions } from '../api/area-groups';
import { areasListQueryOptions } from '../api/areas';
import { AREA_GROUP_HISTORY_FIELDS } from '../history-fields';
import { surfaceText } from '../drawing';
import { managementHref } from '../paths';
import { MAP_RECORDS, queueCreate, queueDelete, queueRestore, queueUpdate } from '../record-writes';
import { AREA_PAGES_LIVE, useLiveRecords } from '../live-records';
import { ColourField } from './ColourField';
import { DescriptionField } from './DescriptionField';
import './areas.css';
import './editors.css';
import { isUuid } from '../../../../../common/uuid';

const GROUPS_PATH = managementHref('mapsAreaGroup');
const AREAS_PATH = managementHref('mapsArea');

interface GroupSearch {
  group?: string;
  deleted?: 'true';
  /** `new`: the creation form. */
  edit?: 'new' | 'group';
}

function validateGroupSearch(raw: Record<string, unknown>): GroupSearch {
  const out: GroupSearch = {};
  if (typeof raw.group === 'string' && isUuid(raw.group)) out.group = raw.group;
  if (raw.deleted === true || raw.deleted === 'true') out.deleted = 'true';
  if (raw.edit === 'new' || raw.edit === 'group') out.edit = raw.edit;
  return out;
}

const groupsHref = (search: GroupSearch) => {
  const params = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const query = params.toString();
  return query === '' ? GROUPS_PATH : `${GROUPS_PATH}?${query}`;
};

export function AreaGroupsPage() {
  const { t } = useTranslation('cartography');
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = useMemo(() => validateGroupSearch(raw), [raw]);
  const router = useRouter();
  const wide = useWideLayout();
  const powers = mapPowers(useEnvelope((state) => state.rights));
  const manager = powers.manageGroups;
  useLiveRecords(AREA_PAGES_LIVE);
  const deletedView = search.deleted === 'true';
  const groups = useQuery(areaGroupsQueryOptions(deletedView));
  const writes = usePendingChanges(MAP_RECORDS.groups.module);
  const go = (next: GroupSearch) => void router.navigate({ href: groupsHref(next), replace: true });

  const served = groups.data ?? [];
  const { rows } = withPendingList(served, served.length, writes, { matches: () => true, deletedView });
  const open = search.group === undefined ? undefined : rows.find((group) => group.id === search.group);

  const list = (
    <ModulePage
      title={t('management.groups.title')}
      className="cm-fill-page"
      actions={manager && search.edit !== 'new' ? <IonButton onClick={() => go({ ...search, edit: 'new', group: undefined })}>{t('management.groups.new')}</IonButton> : undefined}
    >
      <div className="cm-pane">
        {manager && (
          <label className="record-list-select">
            {t('management.common.state')}
            <select value={search.deleted ?? ''} onChange={(event) => go({ deleted: event.target.value === 'true' ? 'true' : undefined })}>
              <option value="">{t('management.common.active')}</option>
              <option value="true">{t('management.common.deleted_view')}</option>
            </select>
          </label>
        )}
        <p role="status">{groups.data !== undefined && t('management.groups.count', { count: rows.length })}</p>
        {groups.isError && groups.data === undefined && <p role="alert">{describeApiError(groups.error)}</p>}
        {groups.data !== undefined && rows.length === 0 && <p>{t(deletedView ? 'management.groups.empty_deleted' : 'management.groups.empty')}</p>}
        <ul className="bare-list cm-status-list" aria-label={t('management.groups.list_label')}>
          {rows.map((group: WithPending<AreaGroup>) => (
            <li key={group.id}>
              <a
                href={groupsHref({ ...search, group: group.id, edit: undefined })}
                className="cm-row"
                aria-current={group.id === search.group ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  go({ ...search, group: group.id, edit: undefined });
                }}
              >
                <span className="cm-swatch" style={{ background: group.colour }} aria-hidden="true" />
                <span className="record-row-text">
                  <strong>{group.name}</strong>
                  <span>{t('management.groups.area_count', { count: group.areaCount ?? 0 })}</span>
                </span>
                {group.deletedAt !== null && group.deletedAt !== undefined && <StatusChip label={t('management.common.deleted')} tone="danger" />}
                {group.pending !== undefined && <WaitingMark pending={group.pending} />}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </ModulePage>
  );

  const back = wide ? undefined : () => go({ deleted: search.deleted });
  let detail = null;
  if (search.edit === 'new' && manager) {
    detail = <GroupForm group={null} onBack={back} onDone={(id) => go({ group: id })} />;
  } else if (open !== undefined) {
    detail =
      search.edit === 'group' && manager ? (
        <GroupForm key={open.id} group={open} onBack={back} onDone={(id) => go({ ...search, group: id, edit: undefined })} />
      ) : (
        <GroupSheet key={open.id} group={open} manager={manager} deleted={deletedOnceSent(served.find((g) => g.id === open.id), writes.filter((w) => w.item.recordId === open.id))} onBack={back} onEdit={() => go({ ...search, edit: 'group' })} />
      );
  }
  return <SplitLayout list={list} detail={detail} placeholder={t('management.groups.choose')} />;
}

function GroupSheet({ group, manager, deleted, onBack, onEdit }: { group: WithPending<AreaGroup>; manager: boolean; deleted: boolean; onBack?: (() => void) | undefined; onEdit: () => void }) {
  const { t, i18n } = useTranslation('cartography');
  const follow = useLinkNavigation();
  const areas = useInfiniteQuery(areasListQueryOptions({ group: group.id }));
  const members = areas.data?.pages.flatMap((page) => page.items) ?? [];
  const act = (queue: () => Promise<unknown>, done: string) => () =>
    void queue().then(
      () => showSavedToast(done),
      (error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }),
    );
  return (
    <ModulePage title={group.name} className="cm-fill-page" {...(onBack === undefined ? {} : { onBack })}>
      <div className="cm-pane">
        <RecordSheet label={group.name}>
          <div className="cm-sheet-head">
            {deleted && <StatusChip label={t('management.common.deleted')} tone="danger" />}
            {group.pending !== undefined && <WaitingMark pending={group.pending} />}
          </div>
          {manager && (
            <div className="cm-sheet-actions">
              {!deleted && <IonButton onClick={onEdit}>{t('management.common.edit')}</IonButton>}
              {!deleted && (
                <IonButton fill="outline" color="danger" onClick={act(() => queueDelete('groups', group), t('management.groups.deleted_done'))}>
                  {t('management.common.delete')}
                </IonButton>
              )}
              {deleted && <IonButton onClick={act(() => queueRestore('groups', group), t('management.groups.restored_done'))}>{t('management.common.restore')}</IonButton>}
            </div>
          )}
          <RecordSection title={t('management.common.details')}>
            <RecordFields
              fields={[
                {
                  label: t('management.common.colour'),
                  value: (
                    <span className="cm-colour-value">
                      <span className="cm-swatch" style={{ background: group.colour }} aria-hidden="true" />
                      {group.colour}
                    </span>
                  ),
                },
                { label: t('management.common.description'), value: group.description || t('management.common.none') },
              ]}
            />
          </RecordSection>
          <RecordSection title={t('management.groups.areas_title', { count: areas.data?.pages[0]?.total ?? members.length })}>
            {areas.isPending && areas.fetchStatus !== 'paused' && <p>{t('management.common.loading')}</p>}
            {areas.data !== undefined && members.length === 0 && <p>{t('management.groups.no_areas')}</p>}
            <ul>
              {members.map((area) => (
                <li key={area.id}>
                  <a href={`${AREAS_PATH}?area=${area.id}`} onClick={follow(`${AREAS_PATH}?area=${area.id}`)}>
                    {area.name}
                  </a>{' '}
                  ({surfaceText(area.areaSquareMetres, i18n.language)}, {area.layerName})
                </li>
              ))}
            </ul>
            {areas.hasNextPage && (
              <IonButton fill="clear" onClick={() => void areas.fetchNextPage()}>
                {t('management.common.more')}
              </IonButton>
            )}
          </RecordSection>
          {group.pending?.created !== true && (
            <RecordSection title={t('management.common.history')}>
              <HistoryList query={areaGroupHistoryQueryOptions(group.id)} fields={AREA_GROUP_HISTORY_FIELDS} />
            </RecordSection>
          )}
        </RecordSheet>
      </div>
    </ModulePage>
  );
}

const DEFAULT_GROUP_COLOUR = '#7c3aed';

function GroupForm({ group, onBack, onDone }: { group: AreaGroup | null; onBack?: (() => void) | undefined; onDone: (id: string) => void }) {
  const { t } = useTranslation('cartography');
  const form = useRecordForm<AreaGroupFields>({
    initial: group === null ? { name: '', description: '', colour: DEFAULT_GROUP_COLOUR } : { name: group.name, description: group.description, colour: group.colour },
    check: (state) => schemaProblems(AreaGroupFields, { ...state, name: state.name.trim(), description: state.description.trim() }),
    draftKey: `cartography:group:${group?.id ?? 'new'}`,
  });
  const { saving, submit } = useFormSave(
    form,
    async (state) => {
      const fields = { name: state.name.trim(), description: state.description.trim(), colour: state.colour };
      if (group === null) onDone(await queueCreate('groups', fields));
      else {
        await queueUpdate<AreaGroupFields>('groups', group, fields);
        onDone(group.id);
      }
    },
    t('management.groups.saved'),
  );
  const title = group === null ? t('management.groups.new_title') : t('management.groups.edit_title', { name: group.name });
  return (
    <ModulePage title={title} className="cm-fill-page" {...(onBack === undefined ? {} : { onBack })}>
      <form
        className="record-form cm-pane"
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {form.draft !== null && <DraftOffer onRestore={form.restoreDraft} onDiscard={form.discardDraft} />}
        <TextField label={t('management.common.name')} value={form.state.name} onChange={(value) => form.set('name', value)} problem={form.shown('name')} maxlength={120} required />
        <ColourField label={t('management.common.colour')} value={form.state.colour} onChange={(value) => form.set('colour', value ?? DEFAULT_GROUP_COLOUR)} />
        <DescriptionField value={form.state.description} onChange={(value) => form.set('description', value)} problem={form.shown('description')} />
        <FormActions saveLabel={t('management.common.save')} cancelLabel={t('management.common.cancel')} saving={saving} onCancel={() => onDone(group?.id ?? '')} form={form} />
      </form>
    </ModulePage>
  );
}
