/**
 * The catalog's categories (/inventory/catalog, /inventory-v2/categories): each with its custom
 * fields (key, label, kind), its periodic check (period in months, checklist items, an optional
 * questionnaire template whose inspection the check form offers). Everyone reading the catalog
 * sees them; managers add, edit, delete and restore them, through the outbox (offline too).
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryFields, NAME_MAX, type Category, type CustomField } from '../../../../../common/modules/inventory/catalog';
import { FormActions } from '../../../../components/module/FormActions';
import { ModulePage } from '../../../../components/module/ModulePage';
import { RecordFormElement, TextField, useRecordForm } from '../../../../components/module/RecordForm';
import { StatusChip } from '../../../../components/module/StatusChip';
import { schemaProblems } from '../../../../components/module/validation';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useEnvelope } from '../../../../lib/envelope-store';
import { describeApiError } from '../../../../lib/error-messages';
import { usePendingChanges, withPendingList, type WithPending } from '../../../../lib/outbox';
import { can } from '../../../../lib/rights';
import { showSavedToast } from '../../../../lib/saved-toast';
import { showToast } from '../../../../lib/toast';
import { CATALOG_MODULE, categories, templatesQueryOptions } from '../kinds';
import { articlesHref, useCatalogBase } from '../paths';
import './catalog.css';

interface FormState {
  name: string;
  fields: CustomField[];
  period: string;
  checklist: string;
  checkTemplateId: string;
}

const fieldsOf = (s: FormState): CategoryFields => ({
  name: s.name.trim(),
  fields: s.fields.map((f) => ({ ...f, key: f.key.trim(), label: f.label.trim() })),
  checkPeriodMonths: s.period.trim() === '' ? null : Number(s.period),
  checklist: s.checklist.split('\n').map((line) => line.trim()).filter(Boolean),
  checkTemplateId: s.checkTemplateId.trim() === '' ? null : s.checkTemplateId.trim(),
});

/**
 * The questionnaire template a category's items are checked with, picked among the templates
 * the Questionnaires module lists (its API, with the manager's rights there). A template the
 * list does not hold (no right to read it, or offline) stays chosen, named as such.
 */
function TemplatePicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('inventoryV2');
  const id = useId();
  const templates = useQuery(templatesQueryOptions());
  const list = (templates.data ?? []).filter((template) => template.deletedAt === null);
  const unknown = value !== '' && !list.some((template) => template.id === value);
  return (
    <label className="record-form-select" htmlFor={id}>
      {t('catalog.categories.template')}
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('catalog.categories.template_none')}</option>
        {unknown && <option value={value}>{t('catalog.categories.template_kept')}</option>}
        {list.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
      {templates.isError && <span className="inventory-catalog-hint">{t('catalog.categories.template_unavailable')}</span>}
    </label>
  );
}

function CategoryForm({ category, onDone }: { category: Category | undefined; onDone: () => void }) {
  const { t } = useTranslation('inventoryV2');
  const ids = { template: useId() };
  const [saving, setSaving] = useState(false);
  const form = useRecordForm<FormState>({
    initial:
      category === undefined
        ? { name: '', fields: [], period: '', checklist: '', checkTemplateId: '' }
        : { name: category.name, fields: category.fields, period: category.checkPeriodMonths === null ? '' : String(category.checkPeriodMonths), checklist: category.checklist.join('\n'), checkTemplateId: category.checkTemplateId ?? '' },
    check: (state) => {
      const problems = schemaProblems(CategoryFields, fieldsOf(state));
      if (state.period.trim() !== '' && !/^\d{1,3}$/.test(state.period.trim())) problems.checkPeriodMonths = { key: 'inventoryV2:catalog.categories.period_invalid' };
      return problems;
    },
    draftKey: category === undefined ? 'inventory:category:new' : `inventory:category:${category.id}`,
  });
  const { state, set, shown } = form;
  const title = category === undefined ? t('catalog.categories.new') : t('catalog.categories.edit', { name: category.name });
  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      if (category === undefined) await categories.queueCreate(fieldsOf(state));
      else await categories.queueUpdate(category, fieldsOf(state));
      await form.clearDraft();
      showSavedToast(t('catalog.form.saved'));
      onDone();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };
  const setField = (i: number, patch: Partial<CustomField>) => set('fields', state.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <RecordFormElement label={title} onSave={() => void save()} form={form}>
      <h2>{title}</h2>
      <TextField label={t('catalog.field.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={NAME_MAX} required />
      <TextField label={t('catalog.categories.period')} value={state.period} onChange={(v) => set('period', v)} problem={shown('checkPeriodMonths')} inputMode="decimal" />
      <TextField label={t('catalog.categories.checklist')} value={state.checklist} onChange={(v) => set('checklist', v)} problem={shown('checklist')} multiline />
      <TemplatePicker value={state.checkTemplateId} onChange={(v) => set('checkTemplateId', v)} />
      <fieldset className="inventory-catalog-box">
        <legend>{t('catalog.field.fields')}</legend>
        {state.fields.map((field, i) => (
          <div key={i} className="inventory-catalog-field-row">
            <TextField label={t('catalog.categories.field_key')} value={field.key} onChange={(v) => setField(i, { key: v })} problem={undefined} maxlength={40} />
            <TextField label={t('catalog.categories.field_label')} value={field.label} onChange={(v) => setField(i, { label: v })} problem={undefined} maxlength={120} />
            <label className="record-form-select" htmlFor={`${ids.template}-kind-${i}`}>
              {t('catalog.categories.field_kind')}
              <select id={`${ids.template}-kind-${i}`} value={field.kind} onChange={(event) => setField(i, { kind: event.target.value as CustomField['kind'] })}>
                {(['text', 'number', 'date'] as const).map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`catalog.kind.${kind}`)}
                  </option>
                ))}
              </select>
            </label>
            <IonButton fill="outline" color="danger" onClick={() => set('fields', state.fields.filter((_, j) => j !== i))}>
              {t('catalog.categories.field_remove')}
            </IonButton>
          </div>
        ))}
        {shown('fields') !== undefined && <p role="alert">{t('catalog.categories.fields_invalid')}</p>}
        <IonButton fill="outline" onClick={() => set('fields', [...state.fields, { key: `field${state.fields.length + 1}`, label: '', kind: 'text' }])}>
          {t('catalog.categories.field_add')}
        </IonButton>
      </fieldset>
      <FormActions saveLabel={t('catalog.form.save')} cancelLabel={t('catalog.sheet.cancel')} saving={saving} onCancel={onDone} form={form} />
    </RecordFormElement>
  );
}

export function CategoriesPage() {
  const { t } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const manager = can(useEnvelope((state) => state.rights), base.feature, 'manage');
  const [deleted, setDeleted] = useState(false);
  const list = useQuery(categories.allQueryOptions(deleted ? { deleted: 'true' } : {}));
  const pending = categories.ownWrites(usePendingChanges(CATALOG_MODULE));
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const rows = withPendingList(list.data ?? [], list.data?.length ?? 0, pending, {
    matches: () => true,
    deletedView: deleted,
    complete: (row: WithPending<Category>) => ({ ...row, fields: row.fields ?? [], checkPeriodMonths: row.checkPeriodMonths ?? null, checklist: row.checklist ?? [], checkTemplateId: row.checkTemplateId ?? null, articleCount: row.articleCount ?? 0, deletedAt: row.deletedAt ?? null }),
  }).rows;
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  const actions = (
    <>
      {manager && editing === null && <IonButton onClick={() => setEditing('new')}>{t('catalog.categories.new')}</IonButton>}
      <IonButton fill="outline" href={articlesHref(base)}>
        {t('catalog.articles.title')}
      </IonButton>
      {manager && (
        <IonButton fill="outline" onClick={() => setDeleted(!deleted)}>
          {deleted ? t('catalog.list.live') : t('catalog.list.deleted')}
        </IonButton>
      )}
    </>
  );
  return (
    <ModulePage title={t('catalog.categories.title')} actions={actions}>
      {editing !== null && <CategoryForm key={editing === 'new' ? 'new' : editing.id} category={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      {list.isPending && list.fetchStatus === 'paused' && <p>{t('catalog.sheet.offline_missing')}</p>}
      {list.isError && <p role="alert">{describeApiError(list.error)}</p>}
      {!list.isPending && rows.length === 0 && <p>{t('catalog.categories.empty')}</p>}
      <ul className="inventory-catalog-category-list" aria-label={t('catalog.categories.title')}>
        {rows.map((category) => (
          <li key={category.id} className="inventory-catalog-category">
            <span>
              <strong>{category.name}</strong>
              <br />
              {category.checkPeriodMonths === null ? t('catalog.categories.no_check') : t('catalog.check.every', { count: category.checkPeriodMonths })}
              {category.checklist.length > 0 && ` · ${t('catalog.categories.items', { count: category.checklist.length })}`}
              {category.fields.length > 0 && ` · ${category.fields.map((f) => f.label).join(', ')}`}
            </span>
            <span className="inventory-catalog-buttons">
              {category.deletedAt !== null && <StatusChip label={t('catalog.sheet.deleted')} tone="danger" />}
              {category.pending !== undefined && <WaitingMark pending={category.pending} />}
              {manager && category.deletedAt === null && category.pending?.created !== true && (
                <>
                  <IonButton size="small" fill="outline" onClick={() => setEditing(category)} aria-label={t('catalog.categories.edit', { name: category.name })}>
                    {t('catalog.sheet.edit')}
                  </IonButton>
                  <IonButton size="small" fill="outline" color="danger" onClick={() => void act(() => categories.queueDelete(category), 'catalog.sheet.deleted_done')} aria-label={t('catalog.categories.delete', { name: category.name })}>
                    {t('catalog.sheet.delete')}
                  </IonButton>
                </>
              )}
              {manager && category.deletedAt !== null && (
                <IonButton size="small" onClick={() => void act(() => categories.queueRestore(category), 'catalog.sheet.restored')}>
                  {t('catalog.sheet.restore')}
                </IonButton>
              )}
            </span>
          </li>
        ))}
      </ul>
    </ModulePage>
  );
}
