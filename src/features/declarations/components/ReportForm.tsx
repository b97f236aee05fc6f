/**
 * Report a declaration (/declarations/new), on a phone, offline too, in under a minute: choose
 * the type (or come with one), then one page: the site (the nearest first once the device
 * knows its position; the site of the page you came from), the position with its accuracy
 * (asked at once; or typed as a pin), when (now, editable), severity, title, description, the
 * template's fields, photos (camera or gallery) and, where asked, a signature. Everything is
 * kept as a draft in IndexedDB while typing, photos included; Save puts the report in the
 * outbox (durable before the screen moves on) and opens its sheet, marked waiting until sent.
 */
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DECLARATION_TEXT_MAX, DECLARATION_TITLE_MAX, type Template, type TemplateField } from '../../../../common/modules/declarations/schemas';
import { AttachmentGrid } from '../../../components/AttachmentGrid';
import { ModulePage } from '../../../components/module/ModulePage';
import { SiteSelect } from '../../../components/module/SiteSelect';
import { DraftOffer, FieldError, TextField, useRecordForm, type RecordForm } from '../../../components/module/RecordForm';
import { PhotoPicker, type PickedPhoto } from '../../../components/PhotoPicker';
import { SignaturePad } from '../../../components/SignaturePad';
import { openBlob } from '../../../components/ApiImage';
import { describeApiError } from '../../../lib/error-messages';
import { locateDevice } from '../../../lib/geolocation';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { siteChoicesQueryOptions, templatesQueryOptions } from '../api/reads';
import { checkReport, emptyReport, photoFieldOf, reportOf, type ReportState } from '../report-form';
import { SEVERITY_NAMES } from '../search';
import { queueReport } from '../writes';
import { iconOf } from './template-icons';
import { formatCoordinate } from '../../../lib/numbers';
import './declarations.css';

/** A site this close to the device's position is chosen by itself (the user may change it). */
export const AUTO_SITE_METRES = 200;

type GpsState = { status: 'idle' } | { status: 'locating' } | { status: 'error'; key: string };

export interface ReportFormProps {
  templateId?: string | undefined;
  siteId?: string | undefined;
  /** A position pinned before the form opens (the map's "report here"). */
  pinned?: { lat: number; lng: number } | null;
  onChooseTemplate: (templateId: string) => void;
  onDone: (declarationId: string) => void;
  onCancel: () => void;
}

export function ReportForm({ templateId, siteId, pinned = null, onChooseTemplate, onDone, onCancel }: ReportFormProps) {
  const { t } = useTranslation('declarations');
  const templates = useQuery(templatesQueryOptions());
  const template = templates.data?.find((candidate) => candidate.id === templateId);
  if (template === undefined) {
    return (
      <ModulePage title={t('report.choose_title')} onBack={onCancel}>
        <div className="record-sheet">
          {templates.isPending && templates.fetchStatus !== 'paused' && <IonSpinner name="crescent" aria-label={t('report.loading')} />}
          {templates.isPending && templates.fetchStatus === 'paused' && <p>{t('report.offline_no_templates')}</p>}
          {templates.isError && templates.data === undefined && <p role="alert">{describeApiError(templates.error)}</p>}
          {templates.data !== undefined && templates.data.length === 0 && <p>{t('report.no_templates')}</p>}
          <ul className="bare-list declaration-types" aria-label={t('report.choose_title')}>
            {(templates.data ?? []).map((candidate) => (
              <li key={candidate.id}>
                <button type="button" className="declaration-type" onClick={() => onChooseTemplate(candidate.id)}>
                  <IonIcon icon={iconOf(candidate.icon)} aria-hidden="true" />
                  <span>{candidate.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </ModulePage>
    );
  }
  return <ReportFields key={`${template.id}:${template.version}`} template={template} siteId={siteId} pinned={pinned} onDone={onDone} onCancel={onCancel} />;
}

function ReportFields({
  template,
  siteId,
  pinned,
  onDone,
  onCancel,
}: {
  template: Template;
  siteId: string | undefined;
  pinned: { lat: number; lng: number } | null;
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('declarations');
  const check = useMemo(() => checkReport(template.fields), [template.fields]);
  const [initial] = useState(() => ({ ...emptyReport(template, siteId ?? null), ...(pinned === null ? {} : { position: { ...pinned, accuracy: null, source: 'pin' as const } }) }));
  const form = useRecordForm<ReportState>({ initial, check, draftKey: `declarations:new:${template.id}` });
  const { state, set, shown } = form;
  const [saving, setSaving] = useState(false);
  const [gps, setGps] = useState<GpsState>({ status: 'idle' });
  const [pin, setPin] = useState({ open: false, lat: '', lng: '' });
  const ids = { occurred: useId(), severity: useId(), site: useId(), siteSearch: useId(), gps: useId() };

  const locate = () => {
    setGps({ status: 'locating' });
    locateDevice(
      (position) => {
        set('position', { lat: Number(position.lat.toFixed(6)), lng: Number(position.lng.toFixed(6)), accuracy: position.accuracy, source: 'device' });
        setGps({ status: 'idle' });
      },
      (problem) => setGps({ status: 'error', key: `report.gps_${problem}` }),
    );
  };
  // The position is evidence: asked as the form opens (the browser asks the user once).
  useEffect(() => {
    if (initial.position === null) locate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form opens
  }, []);

  const placePin = () => {
    const lat = Number(pin.lat.replace(',', '.'));
    const lng = Number(pin.lng.replace(',', '.'));
    if (pin.lat.trim() === '' || pin.lng.trim() === '' || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) {
      setGps({ status: 'error', key: 'report.pin_invalid' });
      return;
    }
    set('position', { lat, lng, accuracy: null, source: 'pin' });
    setPin({ open: false, lat: '', lng: '' });
    setGps({ status: 'idle' });
  };

  const save = async () => {
    if (saving) return;
    if (!form.attemptSave()) {
      showToast({ message: t('report.fix_first'), kind: 'danger' });
      return;
    }
    setSaving(true);
    try {
      const id = await queueReport(reportOf(state, template.fields));
      await form.clearDraft();
      showSavedToast(t('report.saved'));
      onDone(id);
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  const title = t('report.title', { name: template.name });
  return (
    <ModulePage title={title} onBack={onCancel}>
      <form
        className="record-form declaration-form"
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {form.draft !== null && <DraftOffer onRestore={form.restoreDraft} onDiscard={form.discardDraft} />}
        <SitePicker form={form} siteFromPage={siteId} />
        <fieldset className="declaration-position" aria-describedby={ids.gps}>
          <legend>{t('field.position')}</legend>
          <p id={ids.gps} role="status">
            {state.position === null
              ? gps.status === 'locating'
                ? t('report.locating')
                : t('report.no_position')
              : state.position.source === 'device'
                ? t('report.position_device', { latitude: formatCoordinate(state.position.lat, i18n.language), longitude: formatCoordinate(state.position.lng, i18n.language), accuracy: state.position.accuracy ?? '?' })
                : t('report.position_pin', { latitude: formatCoordinate(state.position.lat, i18n.language), longitude: formatCoordinate(state.position.lng, i18n.language) })}
          </p>
          {gps.status === 'error' && <p className="record-form-error" role="alert">{t(gps.key)}</p>}
          <div className="record-form-actions">
            <IonButton fill="outline" onClick={locate} disabled={gps.status === 'locating'}>
              {gps.status === 'locating' ? <IonSpinner name="dots" aria-label={t('report.locating')} /> : t('report.use_position')}
            </IonButton>
            <IonButton fill="outline" onClick={() => setPin({ ...pin, open: !pin.open })}>
              {t('report.place_pin')}
            </IonButton>
            {state.position !== null && (
              <IonButton fill="clear" onClick={() => set('position', null)}>
                {t('report.no_position_keep')}
              </IonButton>
            )}
          </div>
          {pin.open && (
            <div className="declaration-pin">
              <TextField label={t('report.lat')} value={pin.lat} onChange={(v) => setPin({ ...pin, lat: v })} problem={undefined} inputMode="decimal" />
              <TextField label={t('report.lng')} value={pin.lng} onChange={(v) => setPin({ ...pin, lng: v })} problem={undefined} inputMode="decimal" />
              <IonButton onClick={placePin}>{t('report.pin_confirm')}</IonButton>
            </div>
          )}
        </fieldset>
        <label className="record-form-select" htmlFor={ids.occurred}>
          {t('field.occurredAt')}
          <input id={ids.occurred} type="datetime-local" value={state.occurredAt} onChange={(event) => set('occurredAt', event.target.value)} />
        </label>
        <FieldError id={`${ids.occurred}-e`} problem={shown('occurredAt')} />
        <fieldset className="declaration-severity">
          <legend>{t('field.severity')}</legend>
          {SEVERITY_NAMES.map((severity) => (
            <label key={severity} className={`declaration-severity-option declaration-severity-${severity}`}>
              <input type="radio" name={ids.severity} value={severity} checked={state.severity === severity} onChange={() => set('severity', severity)} />
              {t(`severity.${severity}`)}
            </label>
          ))}
        </fieldset>
        <TextField label={t('field.title')} value={state.title} onChange={(v) => set('title', v)} problem={shown('title')} maxlength={DECLARATION_TITLE_MAX} required />
        <TextField label={t('field.description')} value={state.description} onChange={(v) => set('description', v)} problem={shown('description')} multiline maxlength={DECLARATION_TEXT_MAX} />
        {template.fields.map((field) => (
          <TemplateFieldInput key={field.key} field={field} form={form} />
        ))}
        {photoFieldOf(template.fields) === undefined && (
          <fieldset className="declaration-photos">
            <legend>{t('field.photos')}</legend>
            <PhotoGrid photos={state.photos} onRemove={(index) => set('photos', state.photos.filter((_, i) => i !== index))} />
            <PhotoPicker onPicked={(picked) => set('photos', [...state.photos, ...picked])} getPosition={() => Promise.resolve(state.position)} />
            <FieldError id={`${ids.gps}-photos`} problem={shown('photos')} />
          </fieldset>
        )}
        <div className="record-form-actions declaration-save">
          <IonButton type="submit" disabled={saving}>
            {t('report.save')}
          </IonButton>
          <IonButton fill="outline" onClick={onCancel}>
            {t('report.cancel')}
          </IonButton>
        </div>
      </form>
    </ModulePage>
  );
}

function PhotoGrid({ photos, onRemove }: { photos: readonly PickedPhoto[]; onRemove: (index: number) => void }) {
  if (photos.length === 0) return null;
  const items = photos.map((photo, index) => ({ id: String(index), name: photo.name, state: 'waiting' as const, blob: photo.blob }));
  return (
    <AttachmentGrid
      items={items}
      onOpen={(item) => item.blob && openBlob(item.blob)}
      onRemove={(item) => onRemove(Number(item.id))}
    />
  );
}

function SitePicker({ form, siteFromPage }: { form: RecordForm<ReportState>; siteFromPage: string | undefined }) {
  const { t } = useTranslation('declarations');
  const position = form.state.position;
  const near = position === null ? null : `${position.lat},${position.lng}`;
  const current = form.state.siteId;
  // Standing on a site: it is chosen once, as the position arrives (the user may change it).
  const nearest = useQuery({ ...siteChoicesQueryOptions(near, ''), enabled: near !== null }).data?.[0];
  const [autoPicked, setAutoPicked] = useState(false);
  useEffect(() => {
    if (autoPicked || current !== '' || near === null || nearest === undefined || nearest.distance === null || nearest.distance > AUTO_SITE_METRES) return;
    setAutoPicked(true);
    form.set('siteId', nearest.id);
  }, [autoPicked, current, near, nearest, form]);
  const formatDistance = (metres: number) => (metres < 1000 ? t('report.metres', { count: metres }) : t('report.kilometres', { value: (metres / 1000).toFixed(1) }));
  return (
    <fieldset className="declaration-site">
      <legend>{t('field.site')}</legend>
      <SiteSelect
        className="record-form-select"
        label={near === null ? t('report.site_by_name') : t('report.site_nearest')}
        searchLabel={t('report.site_search')}
        value={current === '' ? null : current}
        noneLabel={t('report.no_site')}
        onChange={(id) => form.set('siteId', id ?? '')}
        choices={(search) => siteChoicesQueryOptions(near, search)}
        chosenName={current === siteFromPage ? t('report.site_from_page') : t('report.site_chosen')}
        optionLabel={(site) => (site.distance === null ? site.name : `${site.name} (${formatDistance(site.distance)})`)}
      />
    </fieldset>
  );
}

function TemplateFieldInput({ field, form }: { field: TemplateField; form: RecordForm<ReportState> }) {
  const { t } = useTranslation('declarations');
  const id = useId();
  const { state, set, shown } = form;
  const path = `answers.${field.key}`;
  const problem = shown(path);
  const label = field.required ? t('report.required_label', { label: field.label }) : field.label;
  const answer = state.answers[field.key] ?? '';
  const answer1 = (value: string | string[]) => set('answers', { ...state.answers, [field.key]: value });
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'number':
      return (
        <TextField
          label={label}
          value={answer as string}
          onChange={answer1}
          problem={problem}
          multiline={field.kind === 'longText'}
          inputMode={field.kind === 'number' ? 'decimal' : 'text'}
          maxlength={field.kind === 'text' ? 1000 : DECLARATION_TEXT_MAX}
        />
      );
    case 'date':
      return (
        <div className="record-form-field">
          <label className="record-form-select" htmlFor={id}>
            {label}
            <input id={id} type="date" value={answer} onChange={(event) => answer1(event.target.value)} aria-invalid={problem !== undefined} />
          </label>
          <FieldError id={`${id}-e`} problem={problem} />
        </div>
      );
    case 'choice':
      return (
        <div className="record-form-field">
          <label className="record-form-select" htmlFor={id}>
            {label}
            <select id={id} value={answer} onChange={(event) => answer1(event.target.value)} aria-invalid={problem !== undefined}>
              <option value="">{t('report.choose')}</option>
              {(field.options ?? []).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <FieldError id={`${id}-e`} problem={problem} />
        </div>
      );
    case 'multiChoice': {
      const chosen = Array.isArray(answer) ? answer : [];
      return (
        <fieldset className="declaration-choices">
          <legend>{label}</legend>
          {(field.options ?? []).map((option) => (
            <label key={option}>
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(event) => answer1(event.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))}
              />
              {option}
            </label>
          ))}
          <FieldError id={`${id}-e`} problem={problem} />
        </fieldset>
      );
    }
    case 'yesNo':
      return (
        <fieldset className="declaration-choices declaration-yes-no">
          <legend>{label}</legend>
          {(['yes', 'no'] as const).map((choice) => (
            <label key={choice}>
              <input type="radio" name={id} checked={answer === choice} onChange={() => answer1(choice)} />
              {t(`report.${choice}`)}
            </label>
          ))}
          <FieldError id={`${id}-e`} problem={problem} />
        </fieldset>
      );
    case 'photo': {
      const photos = state.fieldPhotos[field.key] ?? [];
      const put = (next: PickedPhoto[]) => set('fieldPhotos', { ...state.fieldPhotos, [field.key]: next });
      return (
        <fieldset className="declaration-photos">
          <legend>{label}</legend>
          <PhotoGrid photos={photos} onRemove={(index) => put(photos.filter((_, i) => i !== index))} />
          <PhotoPicker onPicked={(picked) => put([...photos, ...picked])} getPosition={() => Promise.resolve(state.position)} />
          <FieldError id={`${id}-e`} problem={problem} />
        </fieldset>
      );
    }
    case 'signature':
      return (
        <fieldset className="declaration-signature-field">
          <legend>{label}</legend>
          <SignaturePad
            label={field.label}
            value={state.signatures[field.key]}
            onChange={(value) => {
              const next = { ...state.signatures };
              if (value === undefined) delete next[field.key];
              else next[field.key] = value;
              set('signatures', next);
            }}
          />
          <FieldError id={`${id}-e`} problem={problem} />
        </fieldset>
      );
  }
}
