/**
 * Cartography management's layers (view layer/layerManagement; readLayers, manageLayers for
 * the writes): the built-in layers (sites, incidents: made from other modules' records, drawn
 * on top) as fixed rows, then the district's layers in drawing order, the top one first, each
 * with its kind, colour, number of features and "shown by default". A manager creates one
 * (name, kind, colour), edits its name and colour, reorders (a handle dragged with the
 * pointer, finger or mouse; up and down buttons for the keyboard and screen readers, the move
 * announced), switches "shown by default", deletes it (refused with the reason while it holds
 * features) and restores it. Every write goes through the outbox and shows at once.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { arrowDownOutline, arrowUpOutline, reorderThreeOutline } from 'ionicons/icons';
import { useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mapPowers } from '../../../../../common/modules/cartography/access';
import { LayerFields, type Layer, type LayerKind } from '../../../../../common/modules/cartography/schemas';
import { DeletedFilter } from '../../../../components/module/DeletedFilter';
import { useFormSave } from '../../../../components/module/FormActions';
import { ModulePage } from '../../../../components/module/ModulePage';
import { TextField, useRecordForm } from '../../../../components/module/RecordForm';
import { StatusChip } from '../../../../components/module/StatusChip';
import { schemaProblems } from '../../../../components/module/validation';
import { MaskIcon } from '../../../../components/MaskIcon';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useEnvelope } from '../../../../lib/envelope-store';
import { describeApiError } from '../../../../lib/error-messages';
import { usePendingChanges, withPendingList, type WithPending } from '../../../../lib/outbox';
import { withToast } from '../../../../lib/toast-action';
import { INCIDENT_COLOUR, SITE_COLOUR } from '../../layers';
import { managedLayersQueryOptions } from '../api/reads';
import { drawingOrder, dropIndex, reorder } from '../order';
import { MAP_RECORDS, queueCreate, queueDelete, queueRestore, queueUpdate } from '../record-writes';
import { useLiveRecords } from '../live-records';
import { ColourField } from './ColourField';
import { ConfirmDelete } from './ConfirmDelete';
import { InlineForm } from './InlineForm';
import '../../../../components/visually-hidden.css';
import './editors.css';

const MODULE = MAP_RECORDS.layers.module;

interface LayerDraft {
  name: string;
  kind: LayerKind;
  colour: string;
}

const layerProblems = (draft: LayerDraft) => {
  const problems = schemaProblems(LayerFields, { ...draft, name: draft.name.trim(), position: 0, visibleByDefault: true });
  return problems;
};

const completeLayer = (layer: WithPending<Layer>): WithPending<Layer> => ({
  ...layer,
  featureCount: layer.featureCount ?? 0,
  version: layer.version ?? 0,
  deletedAt: layer.deletedAt ?? null,
});

function LayerForm({ title, initial, kindFixed, onSave, onCancel }: { title: string; initial: LayerDraft; kindFixed: boolean; onSave: (draft: LayerDraft) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('cartography');
  const form = useRecordForm<LayerDraft>({ initial, check: layerProblems });
  const { saving, submit } = useFormSave(form, (draft) => onSave({ ...draft, name: draft.name.trim() }), t('management.layers.saved'));
  const group = useId();
  return (
    <InlineForm title={title} submit={submit} saving={saving} onCancel={onCancel} form={form}>
      <TextField label={t('management.layers.name')} value={form.state.name} onChange={(value) => form.set('name', value)} problem={form.shown('name')} maxlength={120} required />
      {!kindFixed && (
        <fieldset className="record-fieldset cm-icons">
          <legend>{t('management.layers.kind')}</legend>
          {(['points', 'areas'] as const).map((kind) => (
            <label key={kind}>
              <input type="radio" name={group} value={kind} checked={form.state.kind === kind} onChange={() => form.set('kind', kind)} /> {t(`management.layers.kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
      )}
      <ColourField label={t('management.common.colour')} value={form.state.colour} onChange={(value) => form.set('colour', value)} problem={form.shown('colour')} />
    </InlineForm>
  );
}

interface Drag {
  id: string;
  from: number;
  startY: number;
  dy: number;
  rows: { top: number; height: number }[];
}

export function LayersPage() {
  const { t } = useTranslation('cartography');
  const manager = mapPowers(useEnvelope((state) => state.rights)).manageLayers;
  const [deleted, setDeleted] = useState(false);
  const layers = useQuery(managedLayersQueryOptions(manager && deleted));
  const writes = usePendingChanges(MODULE);
  const [creating, setCreating] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [drag, setDrag] = useState<Drag | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useLiveRecords(['layers']);
  const rows = drawingOrder(withPendingList(layers.data ?? [], layers.data?.length ?? 0, writes, { matches: () => true, deletedView: deleted, complete: completeLayer }).rows);

  const move = async (from: number, to: number) => {
    const layer = rows[from];
    if (layer === undefined || to < 0 || to >= rows.length || from === to) return;
    const changes = reorder(rows, from, to);
    const ok = await withToast(async () => {
      for (const change of changes) {
        const target = rows.find((row) => row.id === change.id);
        if (target !== undefined) await queueUpdate('layers', target, { position: change.position });
      }
    }, t('management.layers.reordered'));
    if (ok) setAnnounce(t('management.layers.moved', { name: layer.name, place: to + 1, count: rows.length }));
  };

  const startDrag = (event: ReactPointerEvent<HTMLButtonElement>, id: string, from: number) => {
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li[data-layer]');
    if (items === undefined) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ id, from, startY: event.clientY, dy: 0, rows: [...items].map((item) => ({ top: item.getBoundingClientRect().top, height: item.getBoundingClientRect().height })) });
  };
  const dragMove = (event: ReactPointerEvent<HTMLButtonElement>) => setDrag((current) => (current === null ? null : { ...current, dy: event.clientY - current.startY }));
  const endDrag = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (drag === null) return;
    const from = drag.from;
    const origin = drag.rows[from];
    const to = origin === undefined ? from : dropIndex(drag.rows, origin.top + origin.height / 2 + (event.clientY - drag.startY), from);
    setDrag(null);
    void move(from, to);
  };

  const top = rows.reduce((highest, layer) => Math.max(highest, layer.position), -1);
  return (
    <ModulePage
      title={t('management.layers.title')}
      actions={manager && !creating && !deleted ? <IonButton onClick={() => setCreating(true)}>{t('management.layers.new')}</IonButton> : undefined}
    >
      <div className="cm-page">
        <p className="cm-hint">{t('management.layers.order_hint')}</p>
        {manager && (
          <div className="cm-tools">
            <DeletedFilter label={t('management.common.state')} liveLabel={t('management.layers.live')} deletedLabel={t('management.layers.deleted_view')} deleted={deleted} onChange={setDeleted} />
          </div>
        )}
        <p className="visually-hidden" role="status" aria-live="polite">
          {announce}
        </p>
        {creating && (
          <LayerForm
            title={t('management.layers.new_title')}
            initial={{ name: '', kind: 'points', colour: '#2e7d32' }}
            kindFixed={false}
            onCancel={() => setCreating(false)}
            onSave={async (draft) => {
              await queueCreate('layers', { ...draft, position: Math.min(top + 1, 10_000), visibleByDefault: true });
              setCreating(false);
            }}
          />
        )}
        {!deleted && (
          <ul className="bare-list cm-list" aria-label={t('management.layers.builtin_label')}>
            {(['sites', 'incidents'] as const).map((builtin) => (
              <li key={builtin} className="cm-item cm-item-fixed">
                <span className="cm-swatch" style={{ background: builtin === 'sites' ? SITE_COLOUR : INCIDENT_COLOUR }} aria-hidden="true" />
                <span className="cm-item-text">
                  <strong>{t(`layers.${builtin}`)}</strong>
                  <span>{t('management.layers.builtin')}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {layers.isPending && layers.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('management.common.loading')} />}
        {layers.isPending && layers.fetchStatus === 'paused' && <p className="cm-note">{t('management.common.offline_none')}</p>}
        {layers.isError && <p role="alert">{describeApiError(layers.error)}</p>}
        {layers.data !== undefined && rows.length === 0 && <p className="cm-note">{t(deleted ? 'management.layers.none_deleted' : 'management.layers.none')}</p>}
        {rows.length > 0 && (
          <ul ref={listRef} className="bare-list cm-list" aria-label={t('management.layers.list_label')}>
            {rows.map((layer, index) => (
              <LayerRow
                key={layer.id}
                layer={layer}
                index={index}
                count={rows.length}
                manager={manager}
                dragging={drag?.id === layer.id ? drag.dy : null}
                onMove={(to) => void move(index, to)}
                onDragStart={(event) => startDrag(event, layer.id, index)}
                onDragMove={dragMove}
                onDragEnd={endDrag}
              />
            ))}
          </ul>
        )}
      </div>
    </ModulePage>
  );
}

interface LayerRowProps {
  layer: WithPending<Layer>;
  index: number;
  count: number;
  manager: boolean;
  /** The drag's offset while this row is dragged, else null. */
  dragging: number | null;
  onMove: (to: number) => void;
  onDragStart: (event: ReactPointerEvent<HTMLButtonElement>) => void;
  onDragMove: (event: ReactPointerEvent<HTMLButtonElement>) => void;
  onDragEnd: (event: ReactPointerEvent<HTMLButtonElement>) => void;
}

function LayerRow({ layer, index, count, manager, dragging, onMove, onDragStart, onDragMove, onDragEnd }: LayerRowProps) {
  const { t } = useTranslation('cartography');
  const [editing, setEditing] = useState(false);
  // The switch moves at once; the outbox's overlay says the same a moment later.
  const [asked, setAsked] = useState<boolean | null>(null);
  const visible = asked ?? layer.visibleByDefault;
  if (asked !== null && asked === layer.visibleByDefault) setAsked(null);
  const isDeleted = layer.deletedAt !== null || layer.pending?.deleted === true;
  const inUse = layer.featureCount > 0;
  const kind = t(`management.layers.kinds.${layer.kind}`);
  return (
    <li
      className={`cm-item${dragging !== null ? ' cm-item-dragging' : ''}`}
      data-layer={layer.id}
      style={dragging !== null ? { transform: `translateY(${dragging}px)` } : undefined}
    >
      {manager && !isDeleted && (
        <button
          type="button"
          className="cm-handle"
          aria-label={t('management.layers.drag', { name: layer.name })}
          title={t('management.layers.drag', { name: layer.name })}
          onPointerDown={onDragStart}
          onPointerMove={dragging !== null ? onDragMove : undefined}
          onPointerUp={dragging !== null ? onDragEnd : undefined}
          onPointerCancel={dragging !== null ? onDragEnd : undefined}
        >
          <MaskIcon icon={reorderThreeOutline} />
        </button>
      )}
      <span className="cm-swatch" style={{ background: layer.colour }} aria-hidden="true" />
      <span className="cm-item-text">
        <strong>{layer.name}</strong>
        <span>{t('management.layers.detail', { kind, count: layer.featureCount })}</span>
      </span>
      {isDeleted && <StatusChip label={t('management.common.deleted')} tone="danger" />}
      {layer.pending !== undefined && <WaitingMark pending={layer.pending} />}
      {!isDeleted && (
        <label className="cm-visible">
          <input
            type="checkbox"
            role="switch"
            checked={visible}
            disabled={!manager}
            onChange={(event) => {
              const next = event.target.checked;
              setAsked(next);
              void withToast(() => queueUpdate('layers', layer, { visibleByDefault: next }), t('management.layers.saved')).then((ok) => ok || setAsked(null));
            }}
          />{' '}
          {t('management.layers.visible')}
          <span className="visually-hidden"> {layer.name}</span>
        </label>
      )}
      {manager && !editing && (
        <span className="cm-actions">
          {isDeleted ? (
            <IonButton fill="outline" onClick={() => void withToast(() => queueRestore('layers', layer), t('management.layers.restored'))}>
              {t('management.common.restore_named', { name: layer.name })}
            </IonButton>
          ) : (
            <>
              <button type="button" className="icon-button cm-arrow" disabled={index === 0} aria-label={t('management.layers.up', { name: layer.name })} title={t('management.layers.up', { name: layer.name })} onClick={() => onMove(index - 1)}>
                <MaskIcon icon={arrowUpOutline} />
              </button>
              <button
                type="button"
                className="icon-button cm-arrow"
                disabled={index === count - 1}
                aria-label={t('management.layers.down', { name: layer.name })}
                title={t('management.layers.down', { name: layer.name })}
                onClick={() => onMove(index + 1)}
              >
                <MaskIcon icon={arrowDownOutline} />
              </button>
              <IonButton fill="outline" aria-label={t('management.common.edit_named', { name: layer.name })} onClick={() => setEditing(true)}>
                {t('management.common.edit')}
              </IonButton>
              <ConfirmDelete
                name={layer.name}
                inUse={inUse ? t('management.layers.in_use', { count: layer.featureCount }) : null}
                onDelete={() => void withToast(() => queueDelete('layers', layer), t('management.layers.deleted'))}
              />
            </>
          )}
        </span>
      )}
      {editing && (
        <LayerForm
          title={t('management.common.edit_named', { name: layer.name })}
          initial={{ name: layer.name, kind: layer.kind, colour: layer.colour }}
          kindFixed
          onCancel={() => setEditing(false)}
          onSave={async (draft) => {
            await queueUpdate('layers', layer, { name: draft.name, colour: draft.colour });
            setEditing(false);
          }}
        />
      )}
    </li>
  );
}
