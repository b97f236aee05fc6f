/**
 * A contract's sheet (/contract/contract-view/$contractId): its supplier (a link to the
 * supplier's sheet, by its address), sites, type, dates, tacit renewal, the notice deadline of
 * the current term (highlighted within 30 days), amount, manager, template fields, its status
 * and the reason of its last move, its documents (the signed PDF: added offline too, uploaded by
 * the outbox), its history. Managers edit it, move its status with a reason, delete or restore
 * it; anyone who reads it downloads it as a PDF (fr or en). A contract created on this device
 * shows from its own payload, marked waiting.
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractTerm, daysFrom } from '../../../../common/modules/contract/deadline';
import { STATUS_TRANSITIONS, type Contract, type ContractStatus } from '../../../../common/modules/contract/schemas';
import { ConfirmBar } from '../../../components/module/ConfirmBar';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordAttachments } from '../../../components/module/RecordAttachments';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { StatusChip } from '../../../components/module/StatusChip';
import { useKeptRecord } from '../../../components/module/kept-record';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDay } from '../../../lib/dates';
import { downloadApiFile } from '../../../lib/download';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { usePendingChanges, useServerMayHave, withPendingRecord } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { CONTRACT_HISTORY_FIELDS } from '../history-fields';
import { choicesQueryOptions, CONTRACT_MODULE, contracts, queueStatus, STATUS_WRITE, templates } from '../kinds';
import { supplierSheetHref } from '../paths';
import { deviceToday, formatMoney, noticeSoon, STATUS_TONES } from './status';
import { RecordPanels } from '../../../components/module/RecordPanels';

export interface ContractSheetProps {
  contractId: string;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

/** A contract created on this device, whole enough for its sheet. */
function fromCreate(payload: Partial<Contract> & { id: string; title: string; supplierId: string }, names: { supplier: (id: string) => string; site: (id: string) => string }): Contract {
  const nobody = { id: '00000000-0000-4000-8000-000000000000', name: '' };
  const now = new Date().toISOString();
  const base = {
    districtId: '',
    version: 1,
    createdAt: now,
    createdBy: nobody,
    updatedAt: now,
    updatedBy: nobody,
    deletedAt: null,
    siteIds: [],
    type: 'maintenance' as const,
    reference: '',
    startOn: null,
    endOn: null,
    tacitRenewal: false,
    renewalMonths: null,
    noticeDays: 0,
    amountCents: null,
    reminderDays: [90, 30, 7],
    ownerId: nobody.id,
    templateId: null,
    fieldValues: {},
    notes: '',
    status: 'draft' as ContractStatus,
    statusReason: '',
    ...payload,
  };
  const term = contractTerm(base, deviceToday());
  return {
    ...base,
    termEndOn: term?.endOn ?? null,
    noticeOn: term?.noticeOn ?? null,
    supplierName: names.supplier(base.supplierId),
    sites: base.siteIds.map((id) => ({ id, name: names.site(id) })),
    ownerName: '',
    templateName: null,
    files: [],
  };
}

export function ContractSheet({ contractId, onBack, onEdit }: ContractSheetProps) {
  const { t } = useTranslation('contract');
  const query = useQuery({ ...contracts.recordQueryOptions(contractId), enabled: useServerMayHave(contracts.writeKinds.create, contractId) });
  const choices = useQuery(choicesQueryOptions());
  const writes = usePendingChanges(CONTRACT_MODULE).filter((write) => write.item.recordId === contractId);
  const server = query.data;
  const overlaid = withPendingRecord(server, contracts.ownWrites(writes));
  const names = {
    supplier: (id: string) => choices.data?.suppliers.find((s) => s.id === id)?.name ?? '',
    site: (id: string) => choices.data?.sites.find((s) => s.id === id)?.name ?? '',
  };
  const contract = useKeptRecord(overlaid === undefined ? undefined : server === undefined ? fromCreate(overlaid as Contract, names) : (overlaid as Contract), query.isFetching);
  if (contract === undefined) return <SheetPlaceholder title={t('sheet.title')} onBack={onBack} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  const statusPending = writes.some((write) => write.item.kind === STATUS_WRITE);
  return <ContractSheetView contract={contract} onServer={server !== undefined} pending={overlaid?.pending} statusPending={statusPending} onBack={onBack} onEdit={onEdit} />;
}

interface ViewProps {
  contract: Contract;
  onServer: boolean;
  pending: Parameters<typeof WaitingMark>[0]['pending'] | undefined;
  statusPending: boolean;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

function ContractSheetView({ contract, onServer, pending, statusPending, onBack, onEdit }: ViewProps) {
  const { t, i18n } = useTranslation('contract');
  const queryClient = useQueryClient();
  const manager = can(useEnvelope((state) => state.rights), 'contract', 'manage');
  const template = useQuery({ ...templates.allQueryOptions(), enabled: contract.templateId !== null });
  const [moving, setMoving] = useState<ContractStatus | null>(null);
  const [reason, setReason] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const filesId = useId();
  const reasonId = useId();
  const deleted = contract.deletedAt !== null;
  const editable = manager && !deleted && onServer;
  const empty = t('sheet.empty');
  const day = (value: string | null) => (value === null ? empty : formatDay(value, i18n.language));
  const soon = noticeSoon(contract.noticeOn, contract.status);
  const left = contract.noticeOn === null ? null : daysFrom(deviceToday(), contract.noticeOn);

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  const pdf = (lang: 'fr' | 'en') =>
    void downloadApiFile(`contract/contracts/${encodeURIComponent(contract.id)}/pdf`, new URLSearchParams({ lang }), 'contrat.pdf').catch((error: unknown) =>
      showToast({ message: describeApiError(error), kind: 'danger' }),
    );
  const addFiles = (list: FileList | null) => {
    const files = [...(list ?? [])].map((file) => ({ blob: file, name: file.name, type: file.type || 'application/octet-stream' }));
    if (files.length > 0) void act(() => contracts.queueAttach(contract, files), 'sheet.files_queued');
  };
  const statusReason = contract.statusReason.startsWith('rule:') ? t(`reason.${contract.statusReason}`, { defaultValue: t('sheet.rule_reason') }) : contract.statusReason;
  const usedTemplate = template.data?.find((tp) => tp.id === contract.templateId);

  const actions = (
    <>
      {editable && <IonButton onClick={onEdit}>{t('sheet.edit')}</IonButton>}
      {onServer && (
        <>
          <IonButton fill="outline" onClick={() => pdf('fr')}>
            {t('sheet.pdf_fr')}
          </IonButton>
          <IonButton fill="outline" onClick={() => pdf('en')}>
            {t('sheet.pdf_en')}
          </IonButton>
        </>
      )}
      {editable && (
        <IonButton color="danger" fill="outline" onClick={() => setConfirmDelete(true)}>
          {t('sheet.delete')}
        </IonButton>
      )}
      {manager && deleted && onServer && <IonButton onClick={() => void act(() => contracts.queueRestore(contract), 'sheet.restored')}>{t('sheet.restore')}</IonButton>}
    </>
  );

  return (
    <ModulePage title={contract.title} onBack={onBack} actions={actions}>
      <RecordSheet label={contract.title}>
        <p className="contract-sheet-marks">
          <StatusChip label={t(`status.${contract.status}`)} tone={STATUS_TONES[contract.status]} />
          {deleted && <StatusChip label={t('sheet.deleted')} tone="danger" />}
          {pending !== undefined && <WaitingMark pending={pending} />}
          {statusPending && <StatusChip label={t('sheet.status_waiting')} tone="info" />}
        </p>
        {confirmDelete && (
          <ConfirmBar
            className="contract-confirm"
            question={t('sheet.delete_confirm', { title: contract.title })}
            confirmLabel={t('sheet.delete_yes')}
            cancelLabel={t('sheet.cancel')}
            onConfirm={() => void act(() => contracts.queueDelete(contract), 'sheet.deleted_done')}
            onCancel={() => setConfirmDelete(false)}
          />
        )}
        {contract.noticeOn !== null && (
          <p className={soon ? 'contract-notice contract-notice-soon' : 'contract-notice'} role={soon ? 'status' : undefined}>
            {t('sheet.notice_line', { day: formatDay(contract.noticeOn, i18n.language) })}
            {left !== null && left >= 0 && ` ${t('sheet.days_left', { count: left })}`}
          </p>
        )}
        <RecordSection title={t('sheet.terms')}>
          <RecordFields
            fields={[
              { label: t('field.supplier'), value: <a href={supplierSheetHref(contract.supplierId)}>{contract.supplierName || t('sheet.supplier_link')}</a> },
              { label: t('field.type'), value: t(`type.${contract.type}`) },
              { label: t('field.reference'), value: contract.reference || empty },
              { label: t('field.sites'), value: contract.sites.map((s) => s.name).join(', ') || empty },
              { label: t('field.startOn'), value: day(contract.startOn) },
              { label: t('field.endOn'), value: contract.endOn === null ? t('sheet.open_ended') : day(contract.endOn) },
              { label: t('field.tacitRenewal'), value: contract.tacitRenewal ? t('sheet.renewal_every', { count: contract.renewalMonths ?? 12 }) : t('sheet.no') },
              { label: t('sheet.term_end'), value: day(contract.termEndOn) },
              { label: t('field.noticeDays'), value: t('sheet.days', { count: contract.noticeDays }) },
              { label: t('field.amountCents'), value: formatMoney(contract.amountCents, i18n.language) || empty },
              { label: t('field.owner'), value: contract.ownerName || empty },
              { label: t('field.reminderDays'), value: contract.reminderDays.length === 0 ? t('sheet.no_reminders') : contract.reminderDays.map((d) => t('sheet.days', { count: d })).join(', ') },
            ]}
          />
        </RecordSection>
        <RecordSection title={t('sheet.status')}>
          <p>
            {t(`status.${contract.status}`)}
            {statusReason !== '' && ` — ${statusReason}`}
          </p>
          {editable && !statusPending && (
            <div className="contract-moves">
              {STATUS_TRANSITIONS[contract.status].map((next) => (
                <IonButton key={next} size="small" fill="outline" onClick={() => setMoving(next)}>
                  {t(`move.${next}`)}
                </IonButton>
              ))}
            </div>
          )}
          {moving !== null && (
            <form
              className="contract-reason"
              role="dialog"
              aria-label={t('move.title', { status: t(`status.${moving}`) })}
              onSubmit={(event) => {
                event.preventDefault();
                if (reason.trim() === '') return;
                const next = moving;
                setMoving(null);
                setReason('');
                void act(() => queueStatus(contract, next, reason.trim()), 'move.done');
              }}
            >
              <label htmlFor={reasonId}>{t('move.reason')}</label>
              <textarea id={reasonId} value={reason} maxLength={1000} required onChange={(event) => setReason(event.target.value)} />
              <IonButton type="submit" disabled={reason.trim() === ''}>
                {t('move.confirm', { status: t(`status.${moving}`) })}
              </IonButton>
              <IonButton fill="outline" onClick={() => setMoving(null)}>
                {t('sheet.cancel')}
              </IonButton>
            </form>
          )}
        </RecordSection>
        {contract.templateId !== null && (
          <RecordSection title={t('sheet.template_fields', { name: contract.templateName ?? usedTemplate?.name ?? '' })}>
            <RecordFields
              fields={(usedTemplate?.fields ?? []).map((field) => {
                const value = contract.fieldValues[field.key];
                const text = value === null || value === undefined || value === '' ? empty : field.kind === 'money' && typeof value === 'number' ? formatMoney(value, i18n.language) : field.kind === 'date' && typeof value === 'string' ? formatDay(value, i18n.language) : String(value);
                return { label: field.label, value: text };
              })}
            />
          </RecordSection>
        )}
        <RecordSection title={t('sheet.documents')}>
          {onServer && (
            <RecordAttachments
              module={CONTRACT_MODULE}
              recordId={contract.id}
              attachments={contract.files}
              manage={editable}
              onDelivered={() => void queryClient.invalidateQueries({ queryKey: contracts.keys.detail(contract.id) })}
            />
          )}
          {editable && (
            <label className="record-form-select" htmlFor={filesId}>
              {t('sheet.add_files')}
              <input id={filesId} type="file" multiple accept="application/pdf,image/*" onChange={(event) => addFiles(event.target.files)} />
            </label>
          )}
        </RecordSection>
        <RecordSection title={t('field.notes')}>
          <p className="contract-notes">{contract.notes || empty}</p>
        </RecordSection>
        {onServer && <RecordPanels host="contracts" recordId={contract.id} />}
        {onServer && (
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={contracts.historyQueryOptions(contract.id)} fields={CONTRACT_HISTORY_FIELDS} />
          </RecordSection>
        )}
      </RecordSheet>
    </ModulePage>
  );
}
