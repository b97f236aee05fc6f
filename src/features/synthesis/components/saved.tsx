/**
 * The saved tables and dashboards on the synthesis screens: the list of saved tables under the
 * table builder (open one, rename, share or keep private, delete), and a saved dashboard's
 * management (rename, share, delete, add a saved table as a card, move and remove cards).
 * Every write goes through the outbox and shows at once, marked as waiting until sent. Only the
 * author edits a record, or a synthesis administrator a shared one (the server says the same).
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultStringifySearch, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSynthesisAdmin, mayEditSaved, type SavedDashboard, type SavedTable } from '../../../../common/modules/synthesis/saved';
import { CHART_TYPES, type ChartType, type SynthesisDefinition } from '../../../../common/modules/synthesis/schemas';
import { WaitingMark } from '../../../components/WaitingMark';
import { currentActor } from '../../../lib/current-actor';
import { getEnvelopeState } from '../../../lib/envelope-store';
import { useOnDelivered, usePendingChanges, withPending, type WithPending } from '../../../lib/outbox';
import { TABLE_PATH } from '../paths';
import { savedDashboards, savedTables, SYNTHESIS_OUTBOX } from '../saved';

/** The saved records as the reader sees them: the server's list with this device's waiting writes over it, deleted ones left out. */
export function useSaved() {
  const client = useQueryClient();
  const tablesQuery = useQuery(savedTables.allQueryOptions());
  const dashboardsQuery = useQuery(savedDashboards.allQueryOptions());
  const writes = usePendingChanges(SYNTHESIS_OUTBOX);
  useOnDelivered(SYNTHESIS_OUTBOX, () => {
    void client.invalidateQueries({ queryKey: savedTables.keys.all });
    void client.invalidateQueries({ queryKey: savedDashboards.keys.all });
  });
  const live = <T extends { deletedAt?: string | null; pending?: { deleted: boolean } }>(list: T[]) => list.filter((r) => (r.deletedAt ?? null) === null && r.pending?.deleted !== true);
  const tables = live(withPending(tablesQuery.data ?? [], savedTables.ownWrites(writes)));
  const dashboards = live(withPending(dashboardsQuery.data ?? [], savedDashboards.ownWrites(writes)));
  return { tables, dashboards, loading: tablesQuery.isPending || dashboardsQuery.isPending };
}

/** Whether the reader edits this record (a record created on this device is theirs). */
export function useMayEdit(): (record: WithPending<{ shared: boolean; createdBy?: { id: string } }>) => boolean {
  const me = currentActor()?.id ?? '';
  const admin = isSynthesisAdmin(getEnvelopeState().rights);
  return (record) => record.pending?.created === true || record.createdBy === undefined || mayEditSaved({ shared: record.shared, createdBy: record.createdBy }, me, admin);
}

/** A definition as the table builder's address. */
export function tableHref(definition: SynthesisDefinition): string {
  const search: Record<string, unknown> = { source: definition.source, measures: definition.measures };
  if (definition.groupBy.length > 0) search.groupBy = definition.groupBy;
  if (definition.filters.length > 0) search.filters = definition.filters;
  if (definition.from !== undefined) search.from = definition.from;
  if (definition.to !== undefined) search.to = definition.to;
  if (definition.sort !== undefined) {
    search.sort = definition.sort.by;
    if (definition.sort.desc) search.desc = true;
  }
  return `${TABLE_PATH}${defaultStringifySearch(search)}`;
}

function Visibility({ shared }: { shared: boolean }) {
  const { t } = useTranslation('synthesis');
  return <span className={`synthesis-badge${shared ? ' synthesis-badge-shared' : ''}`}>{shared ? t('saved.shared') : t('saved.private')}</span>;
}

/** One saved record's line: its name, who shares it, its waiting mark, and its author's or an administrator's actions. */
function SavedLine({ record, open, onRename, onShare, onDelete, editable }: { record: WithPending<SavedTable> | WithPending<SavedDashboard>; open: () => void; onRename: (name: string) => void; onShare: (shared: boolean) => void; onDelete: () => void; editable: boolean }) {
  const { t } = useTranslation('synthesis');
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <li className="synthesis-saved-item">
      {renaming === null ? (
        <button type="button" className="synthesis-saved-open" onClick={open}>
          {record.name}
        </button>
      ) : (
        <form
          className="synthesis-saved-rename"
          onSubmit={(e) => {
            e.preventDefault();
            if (renaming.trim()) onRename(renaming.trim());
            setRenaming(null);
          }}
        >
          <label className="synthesis-field">
            {t('saved.newName')}
            <input value={renaming} onChange={(e) => setRenaming(e.target.value)} maxLength={200} required />
          </label>
          <IonButton type="submit" size="small">{t('saved.rename')}</IonButton>
        </form>
      )}
      <Visibility shared={record.shared} />
      {record.createdBy?.name && <span className="synthesis-saved-author">{record.createdBy.name}</span>}
      {record.pending && <WaitingMark pending={record.pending} />}
      {editable && renaming === null && (
        <span className="synthesis-saved-actions">
          <IonButton size="small" fill="clear" onClick={() => setRenaming(record.name)} aria-label={t('saved.renameOf', { name: record.name })}>
            {t('saved.rename')}
          </IonButton>
          <IonButton size="small" fill="clear" onClick={() => onShare(!record.shared)} aria-label={t(record.shared ? 'saved.unshareOf' : 'saved.shareOf', { name: record.name })}>
            {record.shared ? t('saved.unshare') : t('saved.share')}
          </IonButton>
          <IonButton size="small" fill="clear" color="danger" onClick={onDelete} aria-label={t('saved.deleteOf', { name: record.name })}>
            {t('saved.delete')}
          </IonButton>
        </span>
      )}
    </li>
  );
}

/** The saved tables under the builder: each opens in the builder. */
export function SavedTablesList() {
  const { t } = useTranslation('synthesis');
  const router = useRouter();
  const { tables, loading } = useSaved();
  const mayEdit = useMayEdit();
  return (
    <section className="synthesis-saved" aria-labelledby="synthesis-saved-tables">
      <h2 id="synthesis-saved-tables" className="synthesis-card-title">{t('saved.tables')}</h2>
      {!loading && tables.length === 0 && <p className="synthesis-hint">{t('saved.noTables')}</p>}
      <ul className="synthesis-saved-list">
        {tables.map((table) => (
          <SavedLine
            key={table.id}
            record={table}
            editable={mayEdit(table)}
            open={() => void router.navigate({ href: tableHref(table.definition) })}
            onRename={(name) => void savedTables.queueUpdate(table, { ...table, name })}
            onShare={(shared) => void savedTables.queueUpdate(table, { ...table, shared })}
            onDelete={() => void savedTables.queueDelete(table)}
          />
        ))}
      </ul>
    </section>
  );
}

/** A saved dashboard's own management: rename, share, delete, and add a saved table as a card. */
export function DashboardManager({ dashboard, tables, onDeleted }: { dashboard: WithPending<SavedDashboard>; tables: readonly WithPending<SavedTable>[]; onDeleted: () => void }) {
  const { t } = useTranslation('synthesis');
  const mayEdit = useMayEdit();
  const [tableId, setTableId] = useState('');
  const [chart, setChart] = useState<ChartType | ''>('');
  if (!mayEdit(dashboard)) return null;
  const add = () => {
    const table = tables.find((x) => x.id === tableId);
    if (!table) return;
    void savedDashboards.queueUpdate(dashboard, { ...dashboard, cards: [...dashboard.cards, { tableId: table.id, chart: chart || table.chart }] });
    setTableId('');
  };
  return (
    <div className="synthesis-saved">
      <ul className="synthesis-saved-list">
        <SavedLine
          record={dashboard}
          editable
          open={() => undefined}
          onRename={(name) => void savedDashboards.queueUpdate(dashboard, { ...dashboard, name })}
          onShare={(shared) => void savedDashboards.queueUpdate(dashboard, { ...dashboard, shared })}
          onDelete={() => {
            void savedDashboards.queueDelete(dashboard);
            onDeleted();
          }}
        />
      </ul>
      <form className="synthesis-pin" onSubmit={(e) => { e.preventDefault(); add(); }} aria-label={t('saved.addCard')}>
        <label className="synthesis-field">
          {t('saved.table')}
          <select value={tableId} onChange={(e) => setTableId(e.target.value)} required>
            <option value="">{t('saved.chooseTable')}</option>
            {tables.map((table) => (
              <option key={table.id} value={table.id}>{table.name}</option>
            ))}
          </select>
        </label>
        <label className="synthesis-field">
          {t('chart')}
          <select value={chart} onChange={(e) => setChart(e.target.value as ChartType | '')}>
            <option value="">{t('saved.tableChart')}</option>
            {CHART_TYPES.map((c) => (
              <option key={c} value={c}>{t(`charts.${c}`)}</option>
            ))}
          </select>
        </label>
        <IonButton type="submit" disabled={tableId === '' || dashboard.cards.length >= 24}>{t('saved.addCard')}</IonButton>
      </form>
    </div>
  );
}

/** A dashboard's cards in a new order or size, or one removed: a dashboard's update through the outbox (shown at once, sent when online). */
export function saveDashboardCards(dashboard: WithPending<SavedDashboard>, cards: SavedDashboard['cards']): void {
  void savedDashboards.queueUpdate(dashboard, { ...dashboard, cards });
}

/** A dashboard's card removed. */
export function removeDashboardCard(dashboard: WithPending<SavedDashboard>, index: number): void {
  saveDashboardCards(dashboard, dashboard.cards.filter((_, i) => i !== index));
}
