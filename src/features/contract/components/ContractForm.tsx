/**
 * Create (/contract/new) or edit a contract (contract.admin): its supplier, sites, type, title,
 * reference, dates, tacit renewal and its period, notice period, amount, reminder days, manager,
 * template and its field values, notes; a new one is created as a draft or active. Checked
 * against the contract's schema as the user types; a draft is kept and offered back. Save queues
 * the write in the outbox (an edit sends only what changed), so it works offline: the choices
 * (suppliers, sites, members) are kept on the device.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractTerm } from '../../../../common/modules/contract/deadline';
import { CONTRACT_TEXT_MAX, CONTRACT_TITLE_MAX, CONTRACT_TYPES, ContractFields, DEFAULT_REMINDER_DAYS, type Contract, type ContractType, type FieldValue } from '../../../../common/modules/contract/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { RecordFormElement, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { schemaProblems } from '../../../components/module/validation';
import { formatDay } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { choicesQueryOptions, contracts, templates, type ContractCreateFields } from '../kinds';
import { deviceToday } from './status';

interface FormState {
  supplierId: string;
  siteIds: string[];
  type: ContractType;
  title: string;
  reference: string;
  startOn: string;
  endOn: string;
  tacitRenewal: boolean;
  renewalMonths: string;
  noticeDays: string;
  amount: string;
  reminderDays: string;
  ownerId: string;
  templateId: string;
  fieldValues: Record<string, string>;
  notes: string;
  status: 'draft' | 'active';
}

const text = (value: FieldValue | undefined, kind: string) => (value === null || value === undefined ? '' : kind === 'money' && typeof value === 'number' ? (value / 100).toFixed(2) : String(value));
const num = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

export interface ContractFormProps {
  contract?: Contract | undefined;
  onDone: (contractId: string) => void;
  onCancel: () => void;
}

export function ContractForm({ contract, onDone, onCancel }: ContractFormProps) {
  const { t, i18n } = useTranslation('contract');
  const choices = useQuery(choicesQueryOptions());
  const templateList = useQuery(templates.allQueryOptions());
  const ids = { supplier: useId(), type: useId(), start: useId(), end: useId(), owner: useId(), template: useId(), status: useId(), renewal: useId() };
  const form = useRecordForm<FormState>({
    initial:
      contract === undefined
        ? { supplierId: '', siteIds: [], type: 'maintenance', title: '', reference: '', startOn: '', endOn: '', tacitRenewal: false, renewalMonths: '12', noticeDays: '30', amount: '', reminderDays: DEFAULT_REMINDER_DAYS.join(', '), ownerId: '', templateId: '', fieldValues: {}, notes: '', status: 'active' }
        : {
            supplierId: contract.supplierId,
            siteIds: contract.siteIds,
            type: contract.type,
            title: contract.title,
            reference: contract.reference,
            startOn: contract.startOn ?? '',
            endOn: contract.endOn ?? '',
            tacitRenewal: contract.tacitRenewal,
            renewalMonths: String(contract.renewalMonths ?? 12),
            noticeDays: String(contract.noticeDays),
            amount: contract.amountCents === null ? '' : (contract.amountCents / 100).toFixed(2),
            reminderDays: contract.reminderDays.join(', '),
            ownerId: contract.ownerId,
            templateId: contract.templateId ?? '',
            fieldValues: Object.fromEntries(Object.entries(contract.fieldValues).map(([key, value]) => [key, value === null ? '' : String(value)])),
            notes: contract.notes,
            status: 'active',
          },
    check: (state) => {
      // No manager chosen: the server makes the creator the manager.
      const problems = schemaProblems(ContractFields, { ...fieldsOf(state), ownerId: state.ownerId || '00000000-0000-4000-8000-000000000000' });
      if (state.startOn !== '' && state.endOn !== '' && state.endOn < state.startOn) problems.endOn = { key: 'contract:form.dates' };
      return problems;
    },
    draftKey: contract === undefined ? 'contract:new' : `contract:edit:${contract.id}`,
  });
  const [saving, setSaving] = useState(false);
  const { state, set, shown } = form;
  const template = templateList.data?.find((tp) => tp.id === state.templateId);

  function fieldsOf(s: FormState): ContractCreateFields & { ownerId: string } {
    const amount = num(s.amount);
    const chosen = templateList.data?.find((tp) => tp.id === s.templateId);
    return {
      supplierId: s.supplierId,
      siteIds: s.siteIds,
      type: s.type,
      title: s.title.trim(),
      reference: s.reference.trim(),
      startOn: s.startOn || null,
      endOn: s.endOn || null,
      tacitRenewal: s.tacitRenewal,
      renewalMonths: s.tacitRenewal ? (num(s.renewalMonths) ?? 12) : null,
      noticeDays: num(s.noticeDays) ?? 0,
      amountCents: amount === null || Number.isNaN(amount) ? null : Math.round(amount * 100),
      reminderDays: [...new Set(s.reminderDays.split(/[,; ]+/).filter(Boolean).map(Number).filter((d) => Number.isInteger(d) && d > 0))].sort((a, b) => b - a),
      ownerId: s.ownerId,
      templateId: s.templateId || null,
      fieldValues: Object.fromEntries(
        (chosen?.fields ?? []).map((field): [string, FieldValue] => {
          const raw = s.fieldValues[field.key] ?? '';
          if (raw.trim() === '') return [field.key, null];
          if (field.kind === 'number') return [field.key, num(raw)];
          if (field.kind === 'money') return [field.key, Math.round((num(raw) ?? 0) * 100)];
          return [field.key, raw];
        }),
      ),
      notes: s.notes,
    };
  }

  const title = contract === undefined ? t('form.new_title') : t('form.edit_title', { title: contract.title });
  const fields = fieldsOf(state);
  const term = contractTerm(fields, deviceToday());

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      if (contract === undefined) {
        const { ownerId, ...rest } = fields;
        const created: ContractCreateFields = { ...rest, ...(ownerId === '' ? {} : { ownerId }), status: state.status };
        const id = await contracts.queueCreate(created);
        await form.clearDraft();
        showSavedToast(t('form.created'));
        onDone(id);
      } else {
        if (await contracts.queueUpdate(contract, { ...fields, ownerId: fields.ownerId || contract.ownerId })) showSavedToast(t('form.saved'));
        await form.clearDraft();
        onDone(contract.id);
      }
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  const toggleSite = (id: string, on: boolean) => set('siteIds', on ? [...state.siteIds, id] : state.siteIds.filter((siteId) => siteId !== id));
  const setField = (key: string, value: string) => set('fieldValues', { ...state.fieldValues, [key]: value });

  return (
    <ModulePage title={title} onBack={onCancel}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        <label className="record-form-select" htmlFor={ids.supplier}>
          {t('field.supplier')} *
          <select id={ids.supplier} value={state.supplierId} onChange={(event) => set('supplierId', event.target.value)} aria-invalid={shown('supplierId') !== undefined} required>
            <option value="">{t('form.choose_supplier')}</option>
            {(choices.data?.suppliers ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <TextField label={t('field.title')} value={state.title} onChange={(v) => set('title', v)} problem={shown('title')} maxlength={CONTRACT_TITLE_MAX} required />
        <label className="record-form-select" htmlFor={ids.type}>
          {t('field.type')}
          <select id={ids.type} value={state.type} onChange={(event) => set('type', event.target.value as ContractType)}>
            {CONTRACT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`type.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField label={t('field.reference')} value={state.reference} onChange={(v) => set('reference', v)} problem={shown('reference')} maxlength={120} />
        {contract === undefined && (
          <label className="record-form-select" htmlFor={ids.status}>
            {t('field.status')}
            <select id={ids.status} value={state.status} onChange={(event) => set('status', event.target.value as 'draft' | 'active')}>
              <option value="active">{t('status.active')}</option>
              <option value="draft">{t('status.draft')}</option>
            </select>
          </label>
        )}
        <label className="record-form-select" htmlFor={ids.start}>
          {t('field.startOn')}
          <input id={ids.start} type="date" value={state.startOn} onChange={(event) => set('startOn', event.target.value)} />
        </label>
        <label className="record-form-select" htmlFor={ids.end}>
          {t('field.endOn')}
          <input id={ids.end} type="date" value={state.endOn} onChange={(event) => set('endOn', event.target.value)} aria-invalid={shown('endOn') !== undefined} />
        </label>
        {shown('endOn') !== undefined && <p className="supplier-form-problem" role="alert">{t('form.dates')}</p>}
        <label>
          <input type="checkbox" checked={state.tacitRenewal} onChange={(event) => set('tacitRenewal', event.target.checked)} /> {t('field.tacitRenewal')}
        </label>
        {state.tacitRenewal && <TextField label={t('field.renewalMonths')} value={state.renewalMonths} onChange={(v) => set('renewalMonths', v)} problem={shown('renewalMonths')} inputMode="decimal" />}
        <TextField label={t('field.noticeDays')} value={state.noticeDays} onChange={(v) => set('noticeDays', v)} problem={shown('noticeDays')} inputMode="decimal" />
        <p className="contract-notice" aria-live="polite">
          {term === null ? t('form.no_deadline') : t('sheet.notice_line', { day: formatDay(term.noticeOn, i18n.language) })}
        </p>
        <TextField label={t('form.amount_euros')} value={state.amount} onChange={(v) => set('amount', v)} problem={shown('amountCents')} inputMode="decimal" />
        <TextField label={t('form.reminder_days')} value={state.reminderDays} onChange={(v) => set('reminderDays', v)} problem={shown('reminderDays')} />
        <label className="record-form-select" htmlFor={ids.owner}>
          {t('field.owner')}
          <select id={ids.owner} value={state.ownerId} onChange={(event) => set('ownerId', event.target.value)}>
            {contract === undefined && <option value="">{t('form.owner_me')}</option>}
            {(choices.data?.members ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="supplier-form-trades">
          <legend>{t('field.sites')}</legend>
          {(choices.data?.sites ?? []).map((site) => (
            <label key={site.id}>
              <input type="checkbox" checked={state.siteIds.includes(site.id)} onChange={(event) => toggleSite(site.id, event.target.checked)} /> {site.name}
            </label>
          ))}
        </fieldset>
        <label className="record-form-select" htmlFor={ids.template}>
          {t('field.template')}
          <select id={ids.template} value={state.templateId} onChange={(event) => set('templateId', event.target.value)}>
            <option value="">{t('form.no_template')}</option>
            {(templateList.data ?? []).filter((tp) => tp.deletedAt === null).map((tp) => (
              <option key={tp.id} value={tp.id}>
                {tp.name}
              </option>
            ))}
          </select>
        </label>
        {(template?.fields ?? []).map((field) =>
          field.kind === 'date' ? (
            // A date of the template: the phone's date picker, stored as the day (YYYY-MM-DD) the PDF writes in the reader's language.
            <label key={field.key} className="record-form-select" htmlFor={`${ids.template}-${field.key}`}>
              {field.label}
              <input id={`${ids.template}-${field.key}`} type="date" value={state.fieldValues[field.key] ?? ''} onChange={(event) => setField(field.key, event.target.value)} />
            </label>
          ) : (
          <TextField
            key={field.key}
            label={field.kind === 'money' ? t('form.money_field', { label: field.label }) : field.label}
            value={state.fieldValues[field.key] ?? text(undefined, field.kind)}
            onChange={(v) => setField(field.key, v)}
            problem={undefined}
            {...(field.kind === 'number' || field.kind === 'money' ? { inputMode: 'decimal' as const } : {})}
          />
          ),
        )}
        <TextField label={t('field.notes')} value={state.notes} onChange={(v) => set('notes', v)} problem={shown('notes')} multiline maxlength={CONTRACT_TEXT_MAX} />
        <FormActions saveLabel={t('form.save')} cancelLabel={t('sheet.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}
