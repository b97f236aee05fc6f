/**
 * An item's sheet (/inventory-v2/equipment/$equipmentId, /inventory/object/$equipmentId; what
 * the QR labels open): its status and check state, its periodic check (next and last day, the
 * check form: each checklist item ok or not ok with a note; with its category's questionnaire:
 * "Check with the questionnaire" starts an inspection of that template on the item's site, the
 * sheet lists it with its link, and once submitted the check is recorded with it), its checks (a failed one links to its action), its article, place,
 * custodian, dates, supplier and contract, photos and history. Everyone who reads it records a
 * check and reports it out of order with a note; managers edit it, move its status, delete or
 * restore it. Writes go through the outbox: a check made offline shows at once, waiting.
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkState, type Check, type CheckCreate, type Equipment, type EquipmentFields, type EquipmentInspection } from '../../../../../common/modules/inventory/catalog';
import { EQUIPMENT_STATUSES, type EquipmentStatus } from '../../../../../common/modules/inventory/model';
import { ModulePage } from '../../../../components/module/ModulePage';
import { RecordAttachments } from '../../../../components/module/RecordAttachments';
import { RecordPanels } from '../../../../components/module/RecordPanels';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../../components/module/RecordSheet';
import { SheetPlaceholder } from '../../../../components/module/SheetPlaceholder';
import { StatusChip } from '../../../../components/module/StatusChip';
import { useKeptRecord } from '../../../../components/module/kept-record';
import { WaitingMark } from '../../../../components/WaitingMark';
import { formatDay } from '../../../../lib/dates';
import { formatPosition } from '../../../../lib/numbers';
import { lazyPart } from '../../../../lib/lazy-part';
import { modulePart } from '../../../../lib/module-parts';
import { useEnvelope } from '../../../../lib/envelope-store';
import { useOnDelivered, usePendingChanges, useServerMayHave, withPendingRecord, type PendingWrite } from '../../../../lib/outbox';
import { can } from '../../../../lib/rights';
import { CATALOG_HISTORY_FIELDS } from '../history-fields';
import { EQUIPMENT_MODULE, CHECK_WRITE, checksQueryOptions, choicesQueryOptions, equipment, INSPECTION_WRITE, inspectionsQueryOptions, queueCheck, queueInspection, queueStatus, STATUS_WRITE } from '../kinds';
import { actionHref, articleHref, contractHref, inspectionHref, siteHref, supplierHref, useCatalogBase } from '../paths';
import { DeleteBar, useQueuedAct } from './sheet-parts';
import { CHECK_TONES, deviceToday, STATUS_TONES } from './status';

export interface EquipmentSheetProps {
  equipmentId: string;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}


const LinkedActions = lazyPart(modulePart('LinkedActions'));
/** A status move waiting in the outbox, laid over the item. */
function withStatus(item: Equipment, writes: readonly PendingWrite[]): Equipment {
  const move = writes.filter((w) => w.item.kind === STATUS_WRITE).at(-1);
  return move === undefined ? item : { ...item, status: (move.payload as { status: EquipmentStatus }).status };
}

/** An item created on this device and not sent yet, whole enough for its sheet (its check state on the device's day). */
function fromCreate(payload: Partial<Equipment> & EquipmentFields & { id: string }, sites: readonly { id: string; name: string }[]): Equipment {
  const nobody = { id: '00000000-0000-4000-8000-000000000000', name: '' };
  const now = new Date().toISOString();
  return {
    districtId: '',
    version: 1,
    createdAt: now,
    createdBy: nobody,
    updatedAt: now,
    updatedBy: nobody,
    deletedAt: null,
    lastCheckOn: null,
    nextCheckOn: null,
    checkState: 'none',
    articleName: '',
    categoryId: null,
    categoryName: '',
    siteName: sites.find((site) => site.id === payload.siteId)?.name ?? '',
    custodianName: '',
    supplierName: '',
    contractName: '',
    checklist: [],
    checkTemplateId: null,
    periodMonths: payload.checkPeriodMonths,
    files: [],
    ...payload,
  };
}

export function EquipmentSheet({ equipmentId, onBack, onEdit }: EquipmentSheetProps) {
  const { t } = useTranslation('inventoryV2');
  const query = useQuery({ ...equipment.recordQueryOptions(equipmentId), enabled: useServerMayHave(equipment.writeKinds.create, equipmentId) });
  const writes = usePendingChanges(EQUIPMENT_MODULE).filter((write) => write.item.recordId === equipmentId);
  const server = query.data;
  const overlaid = withPendingRecord(server, equipment.ownWrites(writes));
  const choices = useQuery(choicesQueryOptions());
  const item = useKeptRecord(
    overlaid === undefined ? undefined : withStatus(server === undefined ? fromCreate(overlaid as Partial<Equipment> & EquipmentFields & { id: string }, choices.data?.sites ?? []) : (overlaid as Equipment), writes),
    query.isFetching,
  );
  if (item === undefined) return <SheetPlaceholder title={t('catalog.sheet.title')} onBack={onBack} query={query} offlineText={t('catalog.sheet.offline_missing')} loadingLabel={t('catalog.sheet.loading')} />;
  return <EquipmentSheetView item={item} onServer={server !== undefined} writes={writes} pending={overlaid?.pending} onBack={onBack} onEdit={onEdit} />;
}

interface ViewProps {
  item: Equipment;
  /** False for an item created on this device and not sent yet (no checks, photos nor history to read). */
  onServer: boolean;
  writes: readonly PendingWrite[];
  pending: Parameters<typeof WaitingMark>[0]['pending'] | undefined;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

function EquipmentSheetView({ item, onServer, writes, pending, onBack, onEdit }: ViewProps) {
  const { t, i18n } = useTranslation('inventoryV2');
  const act = useQueuedAct();
  const base = useCatalogBase();
  const queryClient = useQueryClient();
  const manager = can(useEnvelope((state) => state.rights), base.feature, 'manage');
  const checks = useQuery({ ...checksQueryOptions(item.id), enabled: onServer });
  const inspections = useQuery({ ...inspectionsQueryOptions(item.id), enabled: onServer && item.checkTemplateId !== null });
  // A check or a move delivered: the item, its checks and its history are read again.
  useOnDelivered(EQUIPMENT_MODULE, () => {
    void queryClient.invalidateQueries({ queryKey: checksQueryOptions(item.id).queryKey });
    void queryClient.invalidateQueries({ queryKey: inspectionsQueryOptions(item.id).queryKey });
    void queryClient.invalidateQueries({ queryKey: equipment.keys.detail(item.id) });
    void queryClient.invalidateQueries({ queryKey: equipment.keys.history(item.id) });
    void queryClient.invalidateQueries({ queryKey: equipment.keys.lists() });
  });
  // The check form: `true` for a checklist check, an inspection for a check made with it.
  const [checking, setChecking] = useState<boolean | EquipmentInspection>(false);
  const [reporting, setReporting] = useState<EquipmentStatus | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const photosId = useId();
  const deleted = item.deletedAt !== null;
  const empty = t('catalog.sheet.empty');
  const day = (value: string | null) => (value === null ? empty : formatDay(value, i18n.language));
  const state = checkState(item.nextCheckOn, deviceToday(), item.status);
  const pendingChecks = writes.filter((w) => w.item.kind === CHECK_WRITE).map((w) => w.payload as CheckCreate);
  const statusPending = writes.some((w) => w.item.kind === STATUS_WRITE);
  const startingInspections = writes.filter((w) => w.item.kind === INSPECTION_WRITE).map((w) => (w.payload as { id: string }).id);

  const addPhotos = (list: FileList | null) => {
    const files = [...(list ?? [])].map((file) => ({ blob: file, name: file.name, type: file.type || 'application/octet-stream' }));
    if (files.length > 0) void act(() => equipment.queueAttach(item, files), 'catalog.sheet.files_queued');
  };
  const moves = manager ? EQUIPMENT_STATUSES.filter((s) => s !== item.status) : item.status === 'inService' || item.status === 'inRepair' ? (['outOfOrder'] as const) : [];

  const actions = (
    <>
      {manager && !deleted && onServer && <IonButton onClick={onEdit}>{t('catalog.sheet.edit')}</IonButton>}
      {manager && !deleted && (
        <IonButton color="danger" fill="outline" onClick={() => setConfirmDelete(true)}>
          {t('catalog.sheet.delete')}
        </IonButton>
      )}
      {manager && deleted && <IonButton onClick={() => void act(() => equipment.queueRestore(item), 'catalog.sheet.restored')}>{t('catalog.sheet.restore')}</IonButton>}
    </>
  );

  return (
    <ModulePage title={item.name} onBack={onBack} actions={actions}>
      <RecordSheet label={item.name}>
        <p className="inventory-catalog-marks">
          <StatusChip label={t(`catalog.status.${item.status}`)} tone={STATUS_TONES[item.status]} />
          {state !== 'none' && <StatusChip label={t(`catalog.check_state.${state}`, { day: day(item.nextCheckOn) })} tone={CHECK_TONES[state]} />}
          {deleted && <StatusChip label={t('catalog.sheet.deleted')} tone="danger" />}
          {pending !== undefined && <WaitingMark pending={pending} />}
          {statusPending && <StatusChip label={t('catalog.sheet.status_waiting')} tone="info" />}
        </p>
        {confirmDelete && (
          <DeleteBar name={item.name} onConfirm={() => void act(() => equipment.queueDelete(item), 'catalog.sheet.deleted_done')} onCancel={() => setConfirmDelete(false)} />
        )}
        <RecordSection title={t('catalog.check.title')}>
          <RecordFields
            fields={[
              { label: t('catalog.field.nextCheckOn'), value: item.periodMonths === null ? t('catalog.check.no_period') : day(item.nextCheckOn) },
              { label: t('catalog.field.lastCheckOn'), value: day(item.lastCheckOn) },
              { label: t('catalog.field.checkPeriodMonths'), value: item.periodMonths === null ? empty : t('catalog.check.every', { count: item.periodMonths }) },
            ]}
          />
          {!deleted && item.status !== 'retired' && checking === false && (
            <div className="inventory-catalog-buttons">
              <IonButton onClick={() => setChecking(true)}>{t('catalog.check.record')}</IonButton>
              {item.checkTemplateId !== null && onServer && (
                <IonButton fill="outline" onClick={() => void act(() => queueInspection(item.id), 'catalog.inspection.queued')}>
                  {t('catalog.check.inspection')}
                </IonButton>
              )}
            </div>
          )}
          {(startingInspections.length > 0 || (inspections.data ?? []).length > 0) && (
            <InspectionsList
              starting={startingInspections}
              inspections={inspections.data ?? []}
              pendingChecks={pendingChecks}
              canCheck={!deleted && item.status !== 'retired' && checking === false}
              onCheck={(inspection) => setChecking(inspection)}
            />
          )}
          {checking !== false && (
            <CheckForm
              checklist={item.checklist.length > 0 ? item.checklist : [t('catalog.check.general')]}
              inspection={checking === true ? null : checking}
              onCancel={() => setChecking(false)}
              onSave={(answers, notes) => {
                const inspectionId = checking === true ? null : checking.id;
                setChecking(false);
                void act(() => queueCheck(item.id, { doneOn: deviceToday(), answers, notes, ...(inspectionId ? { inspectionId } : {}) }), 'catalog.check.queued');
              }}
            />
          )}
          <ChecksList checks={checks.data} pendingChecks={pendingChecks} loading={checks.isPending && checks.fetchStatus !== 'paused'} />
        </RecordSection>
        {/* The actions its failed checks opened (the Actions module's part, loaded by name). */}
        {onServer && <LinkedActions titled source={{ kind: 'equipment', id: item.id }} canCreate={false} />}
        <RecordSection title={t('catalog.field.status')}>
          <p>{t(`catalog.status.${item.status}`)}</p>
          {!deleted && !statusPending && reporting === null && moves.length > 0 && (
            <div className="inventory-catalog-buttons">
              {moves.map((next) => (
                <IonButton key={next} size="small" fill="outline" color={next === 'outOfOrder' ? 'danger' : undefined} onClick={() => setReporting(next)}>
                  {t(`catalog.move.${next}`)}
                </IonButton>
              ))}
            </div>
          )}
          {reporting !== null && (
            <StatusForm
              status={reporting}
              noteRequired={!manager}
              onCancel={() => setReporting(null)}
              onSave={(note) => {
                const next = reporting;
                setReporting(null);
                void act(() => queueStatus(item, next, note), 'catalog.move.done');
              }}
            />
          )}
        </RecordSection>
        <RecordSection title={t('catalog.sheet.details')}>
          <RecordFields
            fields={[
              { label: t('catalog.field.article'), value: <a href={articleHref(base, item.articleId)}>{item.articleName || t('catalog.sheet.open')}</a> },
              { label: t('catalog.field.category'), value: item.categoryName || empty },
              { label: t('catalog.field.serial'), value: item.serial || empty },
              { label: t('catalog.field.tag'), value: item.tag || empty },
              { label: t('catalog.field.site'), value: item.siteId === null ? empty : <a href={siteHref(item.siteId)}>{item.siteName || t('catalog.sheet.open')}</a> },
              { label: t('catalog.field.place'), value: [item.building, item.floor, item.room].filter(Boolean).join(', ') || empty },
              ...(item.position === null ? [] : [{ label: t('catalog.field.position'), value: formatPosition(item.position, i18n.language) }]),
              { label: t('catalog.field.custodian'), value: item.custodianName || empty },
              { label: t('catalog.field.boughtOn'), value: day(item.boughtOn) },
              { label: t('catalog.field.commissionedOn'), value: day(item.commissionedOn) },
              { label: t('catalog.field.warrantyEndOn'), value: day(item.warrantyEndOn) },
              { label: t('catalog.field.supplier'), value: item.supplierId === null ? empty : <a href={supplierHref(item.supplierId)}>{item.supplierName || t('catalog.sheet.open')}</a> },
              { label: t('catalog.field.contract'), value: item.contractId === null ? empty : <a href={contractHref(item.contractId)}>{item.contractName || t('catalog.sheet.open')}</a> },
              ...Object.entries(item.fieldValues).filter(([, v]) => v !== null && v !== '').map(([key, v]) => ({ label: key, value: String(v) })),
            ]}
          />
          {item.notes !== '' && <p className="inventory-catalog-notes">{item.notes}</p>}
        </RecordSection>
        {onServer && (
        <RecordSection title={t('catalog.sheet.photos')}>
          <RecordAttachments module={EQUIPMENT_MODULE} recordId={item.id} attachments={item.files} manage={manager && !deleted} onDelivered={() => void queryClient.invalidateQueries({ queryKey: equipment.keys.detail(item.id) })} />
          {manager && !deleted && (
            <label className="record-form-select" htmlFor={photosId}>
              {t('catalog.sheet.add_photos')}
              <input id={photosId} type="file" multiple accept="image/*" onChange={(event) => addPhotos(event.target.files)} />
            </label>
          )}
        </RecordSection>
        )}
        {onServer && <RecordPanels host="equipment" recordId={item.id} />}
        {onServer && (
          <RecordSection title={t('catalog.sheet.history')}>
            <HistoryList query={equipment.historyQueryOptions(item.id)} fields={CATALOG_HISTORY_FIELDS} />
          </RecordSection>
        )}
      </RecordSheet>
    </ModulePage>
  );
}

/** The check's form: each item ok or not ok (a note for a "not ok"), notes; fails when any item is not ok. */
function CheckForm({ checklist, inspection, onSave, onCancel }: { checklist: readonly string[]; inspection: EquipmentInspection | null; onSave: (answers: CheckCreate['answers'], notes: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('inventoryV2');
  const [answers, setAnswers] = useState<{ ok: boolean | null; note: string }[]>(() => checklist.map(() => ({ ok: null, note: '' })));
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const set = (i: number, patch: Partial<{ ok: boolean | null; note: string }>) => setAnswers((list) => list.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const complete = answers.every((a) => a.ok !== null);
  const fails = answers.some((a) => a.ok === false) || (inspection !== null && inspection.failedCount > 0);
  return (
    <form
      className="inventory-catalog-box"
      aria-label={t('catalog.check.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete) return;
        onSave(
          checklist.map((item, i) => ({ item, ok: answers[i]!.ok === true, note: answers[i]!.note.trim() })),
          notes.trim(),
        );
      }}
    >
      {inspection !== null && (
        <p>
          {t('catalog.inspection.with', { name: inspection.templateName })} ·{' '}
          {inspection.failedCount > 0 ? t('catalog.inspection.failed', { count: inspection.failedCount }) : t('catalog.inspection.passed')}
        </p>
      )}
      {checklist.map((item, i) => (
        <fieldset key={item} className="inventory-catalog-check-item">
          <legend>{item}</legend>
          <label className="inventory-catalog-choice">
            <input type="radio" name={`check-${i}`} checked={answers[i]!.ok === true} onChange={() => set(i, { ok: true })} /> {t('catalog.check.ok')}
          </label>
          <label className="inventory-catalog-choice">
            <input type="radio" name={`check-${i}`} checked={answers[i]!.ok === false} onChange={() => set(i, { ok: false })} /> {t('catalog.check.not_ok')}
          </label>
          {answers[i]!.ok === false && (
            <label className="record-form-select">
              {t('catalog.check.note_for', { item })}
              <input type="text" value={answers[i]!.note} maxLength={1000} onChange={(event) => set(i, { note: event.target.value })} />
            </label>
          )}
        </fieldset>
      ))}
      <label className="record-form-select" htmlFor={notesId}>
        {t('catalog.field.notes')}
        <textarea id={notesId} value={notes} maxLength={5000} onChange={(event) => setNotes(event.target.value)} />
      </label>
      {fails && <p role="status">{t('catalog.check.will_fail')}</p>}
      <div className="inventory-catalog-buttons">
        <IonButton type="submit" disabled={!complete}>
          {t('catalog.check.save')}
        </IonButton>
        <IonButton fill="outline" onClick={onCancel}>
          {t('catalog.sheet.cancel')}
        </IonButton>
      </div>
    </form>
  );
}

/** The inspections started from the item: starting (waiting), in progress (its link), submitted (record the check with it, or the check made). */
function InspectionsList({ starting, inspections, pendingChecks, canCheck, onCheck }: { starting: readonly string[]; inspections: readonly EquipmentInspection[]; pendingChecks: readonly CheckCreate[]; canCheck: boolean; onCheck: (inspection: EquipmentInspection) => void }) {
  const { t, i18n } = useTranslation('inventoryV2');
  const known = new Set(inspections.map((i) => i.id));
  return (
    <ul className="inventory-catalog-inspections" aria-label={t('catalog.inspection.list')}>
      {starting
        .filter((id) => !known.has(id))
        .map((id) => (
          <li key={id} className="inventory-catalog-inspection">
            {t('catalog.inspection.starting')} <WaitingMark />
          </li>
        ))}
      {inspections.map((inspection) => {
        const href = inspectionHref(inspection.id);
        const checked = inspection.checkId !== null || pendingChecks.some((c) => c.inspectionId === inspection.id);
        return (
          <li key={inspection.id} className="inventory-catalog-inspection">
            <strong>{inspection.templateName}</strong> {formatDay(inspection.startedAt.slice(0, 10), i18n.language)}
            <StatusChip
              label={t(`catalog.inspection.status.${inspection.status}`)}
              tone={inspection.status !== 'submitted' ? 'info' : inspection.failedCount > 0 ? 'danger' : 'success'}
            />
            {href !== null && (
              <a className="inventory-catalog-link" href={href}>
                {t(inspection.status === 'submitted' ? 'catalog.inspection.open' : 'catalog.inspection.fill')}
              </a>
            )}
            {inspection.status === 'submitted' && checked && <span>{t('catalog.inspection.checked')}</span>}
            {inspection.status === 'submitted' && !checked && canCheck && (
              <IonButton size="small" onClick={() => onCheck(inspection)}>
                {t('catalog.inspection.record')}
              </IonButton>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function StatusForm({ status, noteRequired, onSave, onCancel }: { status: EquipmentStatus; noteRequired: boolean; onSave: (note: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('inventoryV2');
  const [note, setNote] = useState('');
  const noteId = useId();
  const missing = noteRequired && note.trim() === '';
  return (
    <form
      className="inventory-catalog-box"
      aria-label={t(`catalog.move.${status}`)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!missing) onSave(note.trim());
      }}
    >
      <label htmlFor={noteId}>{noteRequired ? t('catalog.move.note_required') : t('catalog.move.note')}</label>
      <textarea id={noteId} value={note} maxLength={1000} required={noteRequired} onChange={(event) => setNote(event.target.value)} />
      <div className="inventory-catalog-buttons">
        <IonButton type="submit" disabled={missing}>
          {t(`catalog.move.${status}`)}
        </IonButton>
        <IonButton fill="outline" onClick={onCancel}>
          {t('catalog.sheet.cancel')}
        </IonButton>
      </div>
    </form>
  );
}

function ChecksList({ checks, pendingChecks, loading }: { checks: Check[] | undefined; pendingChecks: CheckCreate[]; loading: boolean }) {
  const { t, i18n } = useTranslation('inventoryV2');
  const known = new Set((checks ?? []).map((c) => c.id));
  const waiting = pendingChecks.filter((c) => !known.has(c.id));
  if (loading && waiting.length === 0) return null;
  if ((checks ?? []).length === 0 && waiting.length === 0) return <p>{t('catalog.check.none')}</p>;
  const line = (id: string, doneOn: string, answers: CheckCreate['answers'], extra: ReactNode, result?: Check['result']) => {
    const failed = answers.filter((a) => !a.ok);
    const fail = result === undefined ? failed.length > 0 : result === 'fail';
    return (
      <li key={id} className="inventory-catalog-check">
        <span>
          <strong>{formatDay(doneOn, i18n.language)}</strong>{' '}
          <StatusChip label={t(`catalog.result.${fail ? 'fail' : 'pass'}`)} tone={fail ? 'danger' : 'success'} />
          {extra}
        </span>
        {failed.length > 0 && <span>{failed.map((a) => (a.note ? `${a.item} : ${a.note}` : a.item)).join(' · ')}</span>}
      </li>
    );
  };
  return (
    <ul className="inventory-catalog-checks" aria-label={t('catalog.check.list')}>
      {waiting.map((c) => line(c.id, c.doneOn, c.answers, <WaitingMark />))}
      {(checks ?? []).map((c) =>
        line(
          c.id,
          c.doneOn,
          c.answers,
          <>
            {c.actionId !== null && (
              <a className="inventory-catalog-link" href={actionHref(c.actionId)}>
                {t('catalog.check.action')}
              </a>
            )}
            {c.inspectionId !== null && inspectionHref(c.inspectionId) !== null && (
              <a className="inventory-catalog-link" href={inspectionHref(c.inspectionId)!}>
                {t('catalog.inspection.open')}
              </a>
            )}
          </>,
          c.result,
        ),
      )}
    </ul>
  );
}

