/**
 * The point of interest's forms, inside the points page's side pane (the map stays beside it):
 * a new point or an edit (name, category, layer of kind points, site, description; a new
 * point's place too), and a move (its place only, saved as `{ position }`). The place is typed
 * as latitude and longitude (the keyboard's way), set by a tap on the map or by dragging the
 * marker there, or by "use my position". Validated from the contract's schema (points.ts);
 * saving queues an outbox write (writes.ts).
 */
import { IonButton } from '@ionic/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer, PoiCategory } from '../../../../common/modules/cartography/schemas';
import { FormActions, useFormSave } from '../../../components/module/FormActions';
import { DraftOffer, FieldError, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { SiteSelect } from '../../../components/module/SiteSelect';
import type { FieldProblem } from '../../../components/module/validation';
import { locateDevice } from '../../../lib/geolocation';
import { siteChoicesQueryOptions } from '../api/reads';
import { draftPosition, formatCoordinate, pointProblems, type PointDraft } from '../points';
import type { Position } from './PointsMap';

/** A place given from outside the form (a tap on the map, a dragged marker), numbered so the same place twice still counts. */
export interface Placed {
  position: Position;
  seq: number;
}

interface PositionProps {
  lat: string;
  lng: string;
  onChange: (field: 'lat' | 'lng', value: string) => void;
  problems: { lat: FieldProblem | undefined; lng: FieldProblem | undefined };
  onLocated: (position: Position) => void;
}

/** Latitude and longitude, and "use my position" (with its problem said). */
function PositionFields({ lat, lng, onChange, problems, onLocated }: PositionProps) {
  const { t } = useTranslation('cartography');
  const [locating, setLocating] = useState<string>('idle');
  const hintId = useId();
  return (
    <fieldset className="cm-position" aria-describedby={hintId}>
      <legend>{t('management.points.position')}</legend>
      <p id={hintId} className="cm-hint">
        {t('management.points.position_hint')}
      </p>
      <div className="cm-position-fields">
        <TextField label={t('management.points.lat')} value={lat} onChange={(value) => onChange('lat', value)} problem={problems.lat} inputMode="decimal" />
        <TextField label={t('management.points.lng')} value={lng} onChange={(value) => onChange('lng', value)} problem={problems.lng} inputMode="decimal" />
      </div>
      <IonButton
        fill="outline"
        disabled={locating === 'busy'}
        onClick={() => {
          setLocating('busy');
          locateDevice(
            (position) => {
              setLocating('idle');
              onLocated({ lat: position.lat, lng: position.lng });
            },
            (problem) => setLocating(problem),
          );
        }}
      >
        {t('management.points.use_my_position')}
      </IonButton>
      {locating !== 'idle' && locating !== 'busy' && <p role="alert">{t(`locate.${locating}`)}</p>}
    </fieldset>
  );
}

/** Follows the places given from outside and reports the typed one (the map's marker follows it). */
function usePlaceSync(placed: Placed | null, set: (field: 'lat' | 'lng', value: string) => void, draft: Pick<PointDraft, 'lat' | 'lng'>, onPosition: (position: Position | null) => void) {
  useEffect(() => {
    if (placed === null) return;
    set('lat', formatCoordinate(placed.position.lat));
    set('lng', formatCoordinate(placed.position.lng));
    // A new place only (its number changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed?.seq]);
  useEffect(() => {
    onPosition(draftPosition(draft));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.lat, draft.lng]);
}

export interface PointFormProps {
  title: string;
  initial: PointDraft;
  draftKey: string;
  categories: readonly PoiCategory[];
  /** The district's live layers (those of kind points are offered). */
  layers: readonly Layer[];
  siteName: string | null;
  placed: Placed | null;
  /** A new point: its place is part of the form. */
  withPosition: boolean;
  onPosition: (position: Position | null) => void;
  onSave: (draft: PointDraft) => Promise<void>;
  onCancel: () => void;
}

export function PointForm(props: PointFormProps) {
  const { t } = useTranslation('cartography');
  const { layers } = props;
  const check = useCallback((draft: PointDraft) => {
    const problems = pointProblems(draft, layers);
    if (!props.withPosition) {
      delete problems.lat;
      delete problems.lng;
    }
    return problems;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layers]);
  const form = useRecordForm<PointDraft>({ initial: props.initial, check, draftKey: props.draftKey });
  const { saving, submit } = useFormSave(form, props.onSave, t('management.points.saved'));
  const ids = { category: useId(), layer: useId(), categoryError: useId(), layerError: useId() };
  const { set } = form;
  const setCoordinate = useCallback((field: 'lat' | 'lng', value: string) => set(field, value), [set]);
  usePlaceSync(props.withPosition ? props.placed : null, setCoordinate, form.state, props.withPosition ? props.onPosition : () => undefined);
  const pointLayers = layers.filter((layer) => layer.kind === 'points' && layer.deletedAt === null);
  const categories = props.categories.filter((category) => category.deletedAt === null);
  return (
    <form
      className="record-form cm-form"
      aria-label={props.title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{props.title}</h2>
      {form.draft !== null && <DraftOffer onRestore={form.restoreDraft} onDiscard={form.discardDraft} />}
      <TextField label={t('management.points.name')} value={form.state.name} onChange={(value) => form.set('name', value)} problem={form.shown('name')} maxlength={120} />
      <label className="record-form-select" htmlFor={ids.category}>
        {t('management.points.category')}
        <select
          id={ids.category}
          value={form.state.categoryId}
          onChange={(event) => form.set('categoryId', event.target.value)}
          aria-invalid={form.shown('categoryId') !== undefined}
          aria-describedby={form.shown('categoryId') === undefined ? undefined : ids.categoryError}
        >
          <option value="">{t('management.common.choose')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <FieldError id={ids.categoryError} problem={form.shown('categoryId')} />
      <label className="record-form-select" htmlFor={ids.layer}>
        {t('management.points.layer')}
        <select
          id={ids.layer}
          value={form.state.layerId}
          onChange={(event) => form.set('layerId', event.target.value)}
          aria-invalid={form.shown('layerId') !== undefined}
          aria-describedby={form.shown('layerId') === undefined ? undefined : ids.layerError}
        >
          <option value="">{t('management.common.choose')}</option>
          {pointLayers.map((layer) => (
            <option key={layer.id} value={layer.id}>
              {layer.name}
            </option>
          ))}
        </select>
      </label>
      <FieldError id={ids.layerError} problem={form.shown('layerId')} />
      <SiteSelect
        label={t('management.points.site')}
        value={form.state.siteId}
        noneLabel={t('management.points.no_site')}
        onChange={(siteId) => form.set('siteId', siteId)}
        choices={siteChoicesQueryOptions}
        chosenName={props.siteName}
        className="record-form-select"
      />
      <TextField label={t('management.points.description')} value={form.state.description} onChange={(value) => form.set('description', value)} problem={form.shown('description')} multiline maxlength={2000} />
      {props.withPosition && (
        <PositionFields
          lat={form.state.lat}
          lng={form.state.lng}
          onChange={setCoordinate}
          problems={{ lat: form.shown('lat'), lng: form.shown('lng') }}
          onLocated={(position) => {
            setCoordinate('lat', formatCoordinate(position.lat));
            setCoordinate('lng', formatCoordinate(position.lng));
          }}
        />
      )}
      <FormActions saveLabel={t('management.common.save')} cancelLabel={t('management.common.cancel')} saving={saving} onCancel={props.onCancel} />
    </form>
  );
}

export interface MoveFormProps {
  name: string;
  initial: Position;
  placed: Placed | null;
  onPosition: (position: Position | null) => void;
  onSave: (position: Position) => Promise<void>;
  onCancel: () => void;
}

/** Moving a point: its new place, by the map (tap, drag) or typed; saved as `{ position }`. */
export function MoveForm(props: MoveFormProps) {
  const { t } = useTranslation('cartography');
  const check = useCallback((draft: Pick<PointDraft, 'lat' | 'lng'>) => {
    const problems = pointProblems({ name: 'x', description: '', categoryId: 'x', layerId: 'x', siteId: null, ...draft });
    return Object.fromEntries(Object.entries(problems).filter(([field]) => field === 'lat' || field === 'lng'));
  }, []);
  const form = useRecordForm({ initial: { lat: formatCoordinate(props.initial.lat), lng: formatCoordinate(props.initial.lng) }, check });
  const { saving, submit } = useFormSave(
    form,
    async (state) => {
      const position = draftPosition(state);
      if (position !== null) await props.onSave(position);
    },
    t('management.points.moved'),
  );
  const { set } = form;
  const setCoordinate = useCallback((field: 'lat' | 'lng', value: string) => set(field, value), [set]);
  usePlaceSync(props.placed, setCoordinate, form.state, props.onPosition);
  const title = t('management.points.move_title', { name: props.name });
  return (
    <form
      className="record-form cm-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{title}</h2>
      <p className="cm-hint">{t('management.points.move_hint')}</p>
      <PositionFields
        lat={form.state.lat}
        lng={form.state.lng}
        onChange={setCoordinate}
        problems={{ lat: form.shown('lat'), lng: form.shown('lng') }}
        onLocated={(position) => {
          setCoordinate('lat', formatCoordinate(position.lat));
          setCoordinate('lng', formatCoordinate(position.lng));
        }}
      />
      <FormActions saveLabel={t('management.points.move_save')} cancelLabel={t('management.common.cancel')} saving={saving} onCancel={props.onCancel} />
    </form>
  );
}
