/**
 * The article's and the item's forms (managers): checked against the shared schemas as the user
 * types, a draft kept and offered back, saved through the outbox (an edit sends only what
 * changed), so they work offline: the pickers (categories, articles, sites, members, suppliers,
 * contracts) read the device's copies. The new item form takes its photos (queued with the item
 * in one outbox write, uploaded once the item is created), and a scan's `tag`, `serial` or
 * `barcode` (the article with that barcode is chosen), or a sheet's `article` and `site`.
 */
import { IonButton } from '@ionic/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArticleFields, EquipmentFields, NAME_MAX, TEXT_MAX, type Article, type CustomField, type Equipment, type FieldValues } from '../../../../../common/modules/inventory/catalog';
import { EQUIPMENT_STATUSES, type EquipmentStatus } from '../../../../../common/modules/inventory/model';
import { FormActions } from '../../../../components/module/FormActions';
import { ModulePage } from '../../../../components/module/ModulePage';
import { RecordFormElement, TextField, useRecordForm } from '../../../../components/module/RecordForm';
import { schemaProblems } from '../../../../components/module/validation';
import { describeApiError } from '../../../../lib/error-messages';
import { showSavedToast } from '../../../../lib/saved-toast';
import { matchesSearch } from '../../../../lib/text-fold';
import type { AttachmentInput } from '../../../../lib/outbox';
import { PointPicker, type LatLng } from '../../../../lib/map/point-picker';
import { showToast } from '../../../../lib/toast';
import { articles, categories, choicesQueryOptions, equipment } from '../kinds';
import type { EquipmentNewSearch } from '../search';

const num = (value: string): number | null => (value.trim() === '' ? null : Number(value.replace(',', '.')));

function Select({ label, value, onChange, options, none, required = false }: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; none?: string; required?: boolean }) {
  const id = useId();
  return (
    <label className="record-form-select" htmlFor={id}>
      {label}
      {required ? ' *' : ''}
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} required={required}>
        {none !== undefined && <option value="">{none}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function DayField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <label className="record-form-select" htmlFor={id}>
      {label}
      <input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** A category's custom fields, as text inputs (a number typed, a day picked). */
function CustomFields({ fields, values, onChange }: { fields: readonly CustomField[]; values: Record<string, string>; onChange: (key: string, value: string) => void }) {
  return (
    <>
      {fields.map((field) =>
        field.kind === 'date' ? (
          <DayField key={field.key} label={field.label} value={values[field.key] ?? ''} onChange={(v) => onChange(field.key, v)} />
        ) : (
          <TextField key={field.key} label={field.label} value={values[field.key] ?? ''} onChange={(v) => onChange(field.key, v)} problem={undefined} {...(field.kind === 'number' ? { inputMode: 'decimal' as const } : {})} />
        ),
      )}
    </>
  );
}

const fieldValuesOf = (fields: readonly CustomField[], values: Record<string, string>): FieldValues =>
  Object.fromEntries(fields.map((field) => [field.key, (values[field.key] ?? '').trim() === '' ? null : field.kind === 'number' ? num(values[field.key]!) : values[field.key]!]));
const textValues = (values: FieldValues): Record<string, string> => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? '' : String(v)]));

/** The form's point when both coordinates read as numbers in range (the picker's first view), else null. */
function formPoint(state: { lat: string; lng: string }): LatLng | null {
  const lat = num(state.lat);
  const lng = num(state.lng);
  return lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180 ? null : { lat, lng };
}

const useNamed = () => {
  const choices = useQuery(choicesQueryOptions());
  const options = (list: { id: string; name: string }[] | undefined) => (list ?? []).map((n) => ({ value: n.id, label: n.name }));
  /** A site's GPS point (the map point picker's first view), where the site has one. */
  const sitePoint = (id: string): LatLng | null => {
    const site = choices.data?.sites.find((s) => s.id === id);
    return typeof site?.lat === 'number' && typeof site.lng === 'number' ? { lat: site.lat, lng: site.lng } : null;
  };
  return { sites: options(choices.data?.sites), members: options(choices.data?.members), suppliers: options(choices.data?.suppliers), contracts: options(choices.data?.contracts), sitePoint };
};

// ---------------------------------------------------------------- articles

interface ArticleState {
  name: string;
  categoryId: string;
  maker: string;
  model: string;
  reference: string;
  unit: string;
  barcode: string;
  supplierId: string;
  contractId: string;
  cost: string;
  values: Record<string, string>;
  notes: string;
}

export function ArticleForm({ article, onDone, onCancel }: { article?: Article | undefined; onDone: (id: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('inventoryV2');
  const named = useNamed();
  const categoryList = useQuery(categories.allQueryOptions());
  const [saving, setSaving] = useState(false);
  const form = useRecordForm<ArticleState>({
    initial:
      article === undefined
        ? { name: '', categoryId: '', maker: '', model: '', reference: '', unit: '', barcode: '', supplierId: '', contractId: '', cost: '', values: {}, notes: '' }
        : {
            name: article.name,
            categoryId: article.categoryId ?? '',
            maker: article.maker,
            model: article.model,
            reference: article.reference,
            unit: article.unit,
            barcode: article.barcode,
            supplierId: article.supplierId ?? '',
            contractId: article.contractId ?? '',
            cost: article.unitCostCents === null ? '' : (article.unitCostCents / 100).toFixed(2),
            values: textValues(article.fieldValues),
            notes: article.notes,
          },
    check: (state) => schemaProblems(ArticleFields, fieldsOf(state)),
    draftKey: article === undefined ? 'inventory:article:new' : `inventory:article:${article.id}`,
  });
  const { state, set, shown } = form;
  const category = categoryList.data?.find((c) => c.id === state.categoryId);
  function fieldsOf(s: ArticleState): ArticleFields {
    const cost = num(s.cost);
    const chosen = categoryList.data?.find((c) => c.id === s.categoryId);
    return {
      name: s.name.trim(),
      categoryId: s.categoryId || null,
      maker: s.maker.trim(),
      model: s.model.trim(),
      reference: s.reference.trim(),
      unit: s.unit.trim(),
      barcode: s.barcode.trim(),
      supplierId: s.supplierId || null,
      contractId: s.contractId || null,
      unitCostCents: cost === null || Number.isNaN(cost) ? null : Math.round(cost * 100),
      fieldValues: fieldValuesOf(chosen?.fields ?? [], s.values),
      notes: s.notes,
    };
  }
  const title = article === undefined ? t('catalog.articles.new') : t('catalog.form.edit', { name: article.name });
  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      if (article === undefined) {
        const id = await articles.queueCreate(fieldsOf(state));
        await form.clearDraft();
        showSavedToast(t('catalog.form.created'));
        onDone(id);
      } else {
        if (await articles.queueUpdate(article, fieldsOf(state))) showSavedToast(t('catalog.form.saved'));
        await form.clearDraft();
        onDone(article.id);
      }
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <ModulePage title={title} onBack={onCancel}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        <TextField label={t('catalog.field.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={NAME_MAX} required />
        <Select label={t('catalog.field.category')} value={state.categoryId} onChange={(v) => set('categoryId', v)} none={t('catalog.form.none')} options={(categoryList.data ?? []).filter((c) => c.deletedAt === null).map((c) => ({ value: c.id, label: c.name }))} />
        <TextField label={t('catalog.field.maker')} value={state.maker} onChange={(v) => set('maker', v)} problem={shown('maker')} maxlength={200} />
        <TextField label={t('catalog.field.model')} value={state.model} onChange={(v) => set('model', v)} problem={shown('model')} maxlength={200} />
        <TextField label={t('catalog.field.reference')} value={state.reference} onChange={(v) => set('reference', v)} problem={shown('reference')} maxlength={200} />
        <TextField label={t('catalog.field.unit')} value={state.unit} onChange={(v) => set('unit', v)} problem={shown('unit')} maxlength={40} />
        <TextField label={t('catalog.field.barcode')} value={state.barcode} onChange={(v) => set('barcode', v)} problem={shown('barcode')} maxlength={64} />
        <TextField label={t('catalog.form.cost_euros')} value={state.cost} onChange={(v) => set('cost', v)} problem={shown('unitCostCents')} inputMode="decimal" />
        <Select label={t('catalog.field.supplier')} value={state.supplierId} onChange={(v) => set('supplierId', v)} none={t('catalog.form.none')} options={named.suppliers} />
        <Select label={t('catalog.field.contract')} value={state.contractId} onChange={(v) => set('contractId', v)} none={t('catalog.form.none')} options={named.contracts} />
        <CustomFields fields={category?.fields ?? []} values={state.values} onChange={(key, value) => set('values', { ...state.values, [key]: value })} />
        <TextField label={t('catalog.field.notes')} value={state.notes} onChange={(v) => set('notes', v)} problem={shown('notes')} multiline maxlength={TEXT_MAX} />
        <FormActions saveLabel={t('catalog.form.save')} cancelLabel={t('catalog.sheet.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}

// ---------------------------------------------------------------- equipment

interface EquipmentState {
  articleId: string;
  name: string;
  serial: string;
  tag: string;
  status: EquipmentStatus;
  siteId: string;
  building: string;
  floor: string;
  room: string;
  lat: string;
  lng: string;
  custodianId: string;
  boughtOn: string;
  commissionedOn: string;
  warrantyEndOn: string;
  period: string;
  supplierId: string;
  contractId: string;
  values: Record<string, string>;
  notes: string;
}

/** The articles the form picks from: the device's kept pages, searched on the device (offline too). */
function useArticleChoices(search: string) {
  const pages = useInfiniteQuery(articles.pagesQueryOptions({}));
  const rows = (pages.data?.pages ?? []).flatMap((p) => p.items).filter((a) => a.deletedAt === null);
  return { rows, found: rows.filter((a) => matchesSearch(search, [a.name, a.maker, a.model, a.reference, a.barcode])) };
}

export function EquipmentForm({ item, prefill = {}, onDone, onCancel }: { item?: Equipment | undefined; prefill?: EquipmentNewSearch; onDone: (id: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('inventoryV2');
  const named = useNamed();
  const [picking, setPicking] = useState(false);
  const categoryList = useQuery(categories.allQueryOptions());
  const [articleSearch, setArticleSearch] = useState('');
  const choices = useArticleChoices(articleSearch);
  const byBarcode = useInfiniteQuery({ ...articles.pagesQueryOptions({ barcode: prefill.barcode ?? '' }), enabled: item === undefined && prefill.barcode !== undefined });
  const barcodeArticle = prefill.barcode === undefined ? undefined : (byBarcode.data?.pages[0]?.items[0] ?? choices.rows.find((a) => a.barcode === prefill.barcode));
  const searchId = useId();
  const photosId = useId();
  // A new item's photos, queued with it (uploaded once the item is created: the sheet's files).
  const [photos, setPhotos] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  const articleOf = (id: string) => choices.rows.find((a) => a.id === id) ?? (barcodeArticle?.id === id ? barcodeArticle : undefined);
  const categoryOf = (articleId: string) => categoryList.data?.find((c) => c.id === articleOf(articleId)?.categoryId);
  const form = useRecordForm<EquipmentState>({
    initial:
      item === undefined
        ? {
            articleId: prefill.article ?? '',
            name: '',
            serial: prefill.serial ?? '',
            tag: prefill.tag ?? '',
            status: 'inService',
            siteId: prefill.site ?? '',
            building: '',
            floor: '',
            room: '',
            lat: '',
            lng: '',
            custodianId: '',
            boughtOn: '',
            commissionedOn: '',
            warrantyEndOn: '',
            period: '',
            supplierId: '',
            contractId: '',
            values: {},
            notes: '',
          }
        : {
            articleId: item.articleId,
            name: item.name,
            serial: item.serial,
            tag: item.tag,
            status: item.status,
            siteId: item.siteId ?? '',
            building: item.building,
            floor: item.floor,
            room: item.room,
            lat: item.position === null ? '' : String(item.position.lat),
            lng: item.position === null ? '' : String(item.position.lng),
            custodianId: item.custodianId ?? '',
            boughtOn: item.boughtOn ?? '',
            commissionedOn: item.commissionedOn ?? '',
            warrantyEndOn: item.warrantyEndOn ?? '',
            period: item.checkPeriodMonths === null ? '' : String(item.checkPeriodMonths),
            supplierId: item.supplierId ?? '',
            contractId: item.contractId ?? '',
            values: textValues(item.fieldValues),
            notes: item.notes,
          },
    check: (state) => schemaProblems(EquipmentFields, fieldsOf(effective(state))),
    draftKey: item === undefined ? `inventory:equipment:new:${prefill.tag ?? prefill.serial ?? prefill.barcode ?? ''}` : `inventory:equipment:${item.id}`,
  });
  const { state, set, shown } = form;
  /** The scanned barcode's article while none is chosen. */
  function effective(s: EquipmentState): EquipmentState {
    return s.articleId === '' && barcodeArticle !== undefined ? { ...s, articleId: barcodeArticle.id, name: s.name || barcodeArticle.name } : s;
  }
  const current = effective(state);
  const chosenArticle = articleOf(current.articleId);
  const category = categoryOf(current.articleId);
  function fieldsOf(s: EquipmentState): EquipmentFields {
    const period = num(s.period);
    return {
      articleId: s.articleId || '',
      name: s.name.trim(),
      serial: s.serial.trim(),
      tag: s.tag.trim(),
      siteId: s.siteId || null,
      building: s.building.trim(),
      floor: s.floor.trim(),
      room: s.room.trim(),
      position: s.lat.trim() === '' && s.lng.trim() === '' ? null : { lat: num(s.lat) ?? Number.NaN, lng: num(s.lng) ?? Number.NaN },
      status: s.status,
      custodianId: s.custodianId || null,
      boughtOn: s.boughtOn || null,
      commissionedOn: s.commissionedOn || null,
      warrantyEndOn: s.warrantyEndOn || null,
      checkPeriodMonths: period === null || Number.isNaN(period) ? null : period,
      supplierId: s.supplierId || null,
      contractId: s.contractId || null,
      fieldValues: fieldValuesOf(categoryOf(s.articleId)?.fields ?? [], s.values),
      notes: s.notes,
    };
  }
  const title = item === undefined ? t('catalog.equipment.new') : t('catalog.form.edit', { name: item.name });
  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      const fields = fieldsOf(current);
      if (item === undefined) {
        const id = await equipment.queueCreate(fields, photos.length > 0 ? photoAttachments(photos) : undefined);
        await form.clearDraft();
        showSavedToast(t('catalog.form.created'));
        onDone(id);
      } else {
        if (await equipment.queueUpdate(item, fields)) showSavedToast(t('catalog.form.saved'));
        await form.clearDraft();
        onDone(item.id);
      }
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };
  const articleOptions = [
    ...(item !== undefined && chosenArticle === undefined && current.articleId === item.articleId ? [{ id: item.articleId, name: item.articleName, reference: '' }] : []),
    ...(chosenArticle !== undefined && !choices.found.some((a) => a.id === chosenArticle.id) ? [chosenArticle] : []), ...choices.found].map((a) => ({
    value: a.id,
    label: [a.name, a.reference].filter(Boolean).join(' · '),
  }));
  return (
    <ModulePage title={title} onBack={onCancel}>
      <RecordFormElement label={title} onSave={() => void save()} form={form}>
        {prefill.barcode !== undefined && item === undefined && (
          <p role="status">{barcodeArticle === undefined ? t('catalog.form.barcode_unknown', { code: prefill.barcode }) : t('catalog.form.barcode_found', { code: prefill.barcode, name: barcodeArticle.name })}</p>
        )}
        <label className="record-form-select" htmlFor={searchId}>
          {t('catalog.form.article_search')}
          <input id={searchId} type="search" value={articleSearch} onChange={(event) => setArticleSearch(event.target.value)} />
        </label>
        <Select label={t('catalog.field.article')} value={current.articleId} onChange={(v) => set('articleId', v)} none={t('catalog.form.choose_article')} options={articleOptions} required />
        {shown('articleId') !== undefined && <p role="alert">{t('catalog.form.article_required')}</p>}
        <TextField label={t('catalog.field.name')} value={current.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={NAME_MAX} required />
        <TextField label={t('catalog.field.serial')} value={state.serial} onChange={(v) => set('serial', v)} problem={shown('serial')} maxlength={120} />
        <TextField label={t('catalog.field.tag')} value={state.tag} onChange={(v) => set('tag', v)} problem={shown('tag')} maxlength={120} />
        <Select label={t('catalog.field.status')} value={state.status} onChange={(v) => set('status', v as EquipmentStatus)} options={EQUIPMENT_STATUSES.map((s) => ({ value: s, label: t(`catalog.status.${s}`) }))} />
        <Select label={t('catalog.field.site')} value={state.siteId} onChange={(v) => set('siteId', v)} none={t('catalog.form.none')} options={named.sites} />
        <TextField label={t('catalog.field.building')} value={state.building} onChange={(v) => set('building', v)} problem={shown('building')} maxlength={120} />
        <TextField label={t('catalog.field.floor')} value={state.floor} onChange={(v) => set('floor', v)} problem={shown('floor')} maxlength={60} />
        <TextField label={t('catalog.field.room')} value={state.room} onChange={(v) => set('room', v)} problem={shown('room')} maxlength={120} />
        <fieldset className="inventory-catalog-box">
          <legend>{t('catalog.field.position')}</legend>
          <TextField label={t('catalog.form.lat')} value={state.lat} onChange={(v) => set('lat', v)} problem={shown('position')} inputMode="decimal" />
          <TextField label={t('catalog.form.lng')} value={state.lng} onChange={(v) => set('lng', v)} problem={shown('position')} inputMode="decimal" />
          <IonButton
            fill="outline"
            onClick={() =>
              navigator.geolocation.getCurrentPosition(
                (here) => {
                  set('lat', here.coords.latitude.toFixed(6));
                  set('lng', here.coords.longitude.toFixed(6));
                },
                () => showToast({ message: t('catalog.form.no_location'), kind: 'danger' }),
                { enableHighAccuracy: true, timeout: 15_000 },
              )
            }
          >
            {t('catalog.form.here')}
          </IonButton>
          <IonButton fill="outline" onClick={() => setPicking(true)}>
            {t('catalog.form.pick_on_map')}
          </IonButton>
          <PointPicker
            isOpen={picking}
            value={formPoint(state)}
            center={named.sitePoint(state.siteId)}
            language={i18n.language}
            texts={{
              title: t('catalog.picker.title'),
              hint: t('catalog.picker.hint'),
              confirm: t('catalog.picker.confirm'),
              cancel: t('catalog.picker.cancel'),
              map: t('catalog.picker.map'),
              failed: t('catalog.picker.failed'),
              none: t('catalog.picker.none'),
              chosen: (point) => t('catalog.picker.chosen', { point }),
            }}
            onPick={(point) => {
              set('lat', String(point.lat));
              set('lng', String(point.lng));
              setPicking(false);
            }}
            onDismiss={() => setPicking(false)}
          />
        </fieldset>
        <Select label={t('catalog.field.custodian')} value={state.custodianId} onChange={(v) => set('custodianId', v)} none={t('catalog.form.none')} options={named.members} />
        <DayField label={t('catalog.field.boughtOn')} value={state.boughtOn} onChange={(v) => set('boughtOn', v)} />
        <DayField label={t('catalog.field.commissionedOn')} value={state.commissionedOn} onChange={(v) => set('commissionedOn', v)} />
        <DayField label={t('catalog.field.warrantyEndOn')} value={state.warrantyEndOn} onChange={(v) => set('warrantyEndOn', v)} />
        <TextField label={t('catalog.form.own_period')} value={state.period} onChange={(v) => set('period', v)} problem={shown('checkPeriodMonths')} inputMode="decimal" />
        <Select label={t('catalog.field.supplier')} value={state.supplierId} onChange={(v) => set('supplierId', v)} none={t('catalog.form.none')} options={named.suppliers} />
        <Select label={t('catalog.field.contract')} value={state.contractId} onChange={(v) => set('contractId', v)} none={t('catalog.form.none')} options={named.contracts} />
        <CustomFields fields={category?.fields ?? []} values={state.values} onChange={(key, value) => set('values', { ...state.values, [key]: value })} />
        <TextField label={t('catalog.field.notes')} value={state.notes} onChange={(v) => set('notes', v)} problem={shown('notes')} multiline maxlength={TEXT_MAX} />
        {item === undefined && (
          <fieldset className="inventory-catalog-box">
            <legend>{t('catalog.sheet.photos')}</legend>
            <label className="record-form-select" htmlFor={photosId}>
              {t('catalog.sheet.add_photos')}
              <input
                id={photosId}
                type="file"
                multiple
                accept="image/*"
                onChange={(event) => {
                  const picked = [...(event.target.files ?? [])];
                  event.target.value = '';
                  setPhotos((list) => [...list, ...picked]);
                }}
              />
            </label>
            {photos.length > 0 && (
              <ul className="inventory-catalog-photos" aria-label={t('catalog.form.photos_chosen', { count: photos.length })}>
                {photos.map((photo, i) => (
                  <li key={`${photo.name}-${i}`}>
                    <span>{photo.name}</span>
                    <IonButton size="small" fill="outline" onClick={() => setPhotos((list) => list.filter((_, j) => j !== i))} aria-label={t('catalog.form.photo_remove', { name: photo.name })}>
                      {t('catalog.form.remove')}
                    </IonButton>
                  </li>
                ))}
              </ul>
            )}
            <p className="inventory-catalog-hint">{t('catalog.form.photos_hint')}</p>
          </fieldset>
        )}
        <FormActions saveLabel={t('catalog.form.save')} cancelLabel={t('catalog.sheet.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}

/** A new item's photos as the outbox's attachments of its create (each with its own id; a file without type is declared octet-stream). */
export const photoAttachments = (files: readonly File[]): AttachmentInput[] =>
  files.map((file) => ({ attachmentId: crypto.randomUUID(), blob: file, name: file.name, type: file.type || 'application/octet-stream' }));
