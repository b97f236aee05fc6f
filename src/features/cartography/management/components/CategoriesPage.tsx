/**
 * Cartography management's point categories (view interestPoint/management; readCategories,
 * manageCategories for the writes): each category with its icon in its colour and its number
 * of points; a manager creates one (name, icon, colour), edits, deletes (refused with the
 * reason while points use it: the server's rule, said before asking) and restores it from the
 * deleted view. Every write goes through the outbox and shows at once, marked waiting.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapPowers } from '../../../../../common/modules/cartography/access';
import type { PoiCategory } from '../../../../../common/modules/cartography/schemas';
import { DeletedFilter } from '../../../../components/module/DeletedFilter';
import { ModulePage } from '../../../../components/module/ModulePage';
import { StatusChip } from '../../../../components/module/StatusChip';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useEnvelope } from '../../../../lib/envelope-store';
import { describeApiError } from '../../../../lib/error-messages';
import { usePendingChanges, withPendingList, type WithPending } from '../../../../lib/outbox';
import { withToast } from '../../../../lib/toast-action';
import { categoriesQueryOptions } from '../api/reads';
import { MAP_RECORDS, queueCreate, queueDelete, queueRestore, queueUpdate } from '../record-writes';
import { useLiveRecords } from '../live-records';
import { CategoryForm, type CategoryDraft } from './CategoryForm';
import { CategoryIcon } from './CategoryIcon';
import { ConfirmDelete } from './ConfirmDelete';
import './editors.css';

const MODULE = MAP_RECORDS.categories.module;
const NEW: CategoryDraft = { name: '', icon: 'pin', colour: '#0d4f73' };

const completeCategory = (category: WithPending<PoiCategory>): WithPending<PoiCategory> => ({
  ...category,
  pointCount: category.pointCount ?? 0,
  version: category.version ?? 0,
  deletedAt: category.deletedAt ?? null,
});

export function CategoriesPage() {
  const { t } = useTranslation('cartography');
  const manager = mapPowers(useEnvelope((state) => state.rights)).manageCategories;
  const [deleted, setDeleted] = useState(false);
  const categories = useQuery(categoriesQueryOptions(manager && deleted));
  const writes = usePendingChanges(MODULE);
  const [creating, setCreating] = useState(false);
  useLiveRecords(['categories']);
  const rows = withPendingList(categories.data ?? [], categories.data?.length ?? 0, writes, { matches: () => true, deletedView: deleted, complete: completeCategory }).rows;

  return (
    <ModulePage
      title={t('management.categories.title')}
      actions={manager && !creating && !deleted ? <IonButton onClick={() => setCreating(true)}>{t('management.categories.new')}</IonButton> : undefined}
    >
      <div className="cm-page">
        {manager && (
          <div className="cm-tools">
            <DeletedFilter
              label={t('management.common.state')}
              liveLabel={t('management.categories.live')}
              deletedLabel={t('management.categories.deleted_view')}
              deleted={deleted}
              onChange={setDeleted}
            />
          </div>
        )}
        {creating && (
          <CategoryForm
            title={t('management.categories.new_title')}
            initial={NEW}
            onCancel={() => setCreating(false)}
            onSave={async (draft) => {
              await queueCreate('categories', draft);
              setCreating(false);
            }}
          />
        )}
        {categories.isPending && categories.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('management.common.loading')} />}
        {categories.isPending && categories.fetchStatus === 'paused' && <p className="cm-note">{t('management.common.offline_none')}</p>}
        {categories.isError && categories.data === undefined && <p role="alert">{describeApiError(categories.error)}</p>}
        {categories.data !== undefined && rows.length === 0 && <p className="cm-note">{t(deleted ? 'management.categories.none_deleted' : 'management.categories.none')}</p>}
        {rows.length > 0 && (
          <ul className="bare-list cm-list" aria-label={t('management.categories.list_label')}>
            {rows.map((category) => (
              <CategoryRow key={category.id} category={category} manager={manager} />
            ))}
          </ul>
        )}
      </div>
    </ModulePage>
  );
}

function CategoryRow({ category, manager }: { category: WithPending<PoiCategory>; manager: boolean }) {
  const { t } = useTranslation('cartography');
  const [editing, setEditing] = useState(false);
  const isDeleted = category.deletedAt !== null || category.pending?.deleted === true;
  const inUse = category.pointCount > 0;
  return (
    <li className="cm-item" data-category={category.id}>
      <CategoryIcon icon={category.icon} colour={category.colour} size={32} />
      <span className="cm-item-text">
        <strong>{category.name}</strong>
        <span>{t('management.categories.count', { count: category.pointCount })}</span>
      </span>
      {isDeleted && <StatusChip label={t('management.common.deleted')} tone="danger" />}
      {category.pending !== undefined && <WaitingMark pending={category.pending} />}
      {manager && !editing && (
        <span className="cm-actions">
          {isDeleted ? (
            <IonButton fill="outline" onClick={() => void withToast(() => queueRestore('categories', category), t('management.categories.restored'))}>
              {t('management.common.restore_named', { name: category.name })}
            </IonButton>
          ) : (
            <>
              <IonButton fill="outline" aria-label={t('management.common.edit_named', { name: category.name })} onClick={() => setEditing(true)}>
                {t('management.common.edit')}
              </IonButton>
              <ConfirmDelete
                name={category.name}
                inUse={inUse ? t('management.categories.in_use', { count: category.pointCount }) : null}
                onDelete={() => void withToast(() => queueDelete('categories', category), t('management.categories.deleted'))}
              />
            </>
          )}
        </span>
      )}
      {editing && (
        <CategoryForm
          title={t('management.common.edit_named', { name: category.name })}
          initial={{ name: category.name, icon: category.icon, colour: category.colour }}
          onCancel={() => setEditing(false)}
          onSave={async (draft) => {
            await queueUpdate('categories', category, draft);
            setEditing(false);
          }}
        />
      )}
    </li>
  );
}
