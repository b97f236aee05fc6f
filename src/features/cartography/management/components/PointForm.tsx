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
import type { Layer, PoiCategory } from '../../../../../common/modules/cartography/schemas';
import { useFormSave } from '../../../../components/module/FormActions';
import { ChoiceSelect } from '../../../../components/module/ChoiceSelect';
import { DraftOffer, TextField, useRecordForm } from '../../../../components/module/RecordForm';
import { SiteSelect } from '../../../../components/module/SiteSelect';
import type { FieldProblem } from '../../../../components/module/validation';
import { locateDevice } from '../../../../lib/geolocation';
import { siteChoicesQueryOptions } from '../api/reads';
import { draftPosition, formatCoordinate, pointProblems, type PointDraft } from '../points';
import { InlineForm } from './InlineForm';
import type { Position } from './PointsMap';

/** A place given from outside the form (a tap on the map, a dragged marker), numbered so the same place twice still counts. */
export interface Placed {
  position: Position;
  seq: number;
}

interface PositionProps {
  coordinates: Pick<PointDraft, 'lat' | 'lng'>;
  /** The form's problem of a field, once shown. */
  shown: (field: string) => FieldProblem | undefined;
  onChange: (field: 'lat' | 'lng', value: string) => void;
}

/** Latitude and longitude, and "use my position" (with its problem said). */
function PositionFields({ coordinates, shown, onChange }: PositionProps) {
  const { t } = useTranslation('cartography');
  const [locating, setLocating] = useState<string>('idle');
  const hintId = useId();
  return (
    <fieldset className="record-fieldset cm-position" aria-describedby={hintId}>
      <legend>{t('management.points.position')}</legend>
      <p id={hintId} className="cm-hint">
        {t('management.points.position_hint')}
      </p>
      <div className="cm-position-fields">
        {(['lat', 'lng'] as const).map((field) => (
          <TextField key={field} label={t(`management.points.${field}`)} value={coordinates[field]} onChange={(value) => onChange(field, value)} problem={shown(field)} inputMode="decimal" />
        ))}
      </div>
      <IonButton
        fill="outline"
        disabled={locating === 'busy'}
        onClick={() => {
          setLocating('busy');
          locateDevice(
            (position) => {
              setLocating('idle');
              onChange('lat', formatCoordinate(position.lat));
              onChange('lng', formatCoordinate(position.lng));
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
  /** The point's own category and layer names (kept among the choices even when no longer offered). */
  categoryName: string | null;
  layerName: string | null;
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
  const { set } = form;
  const setCoordinate = useCallback((field: 'lat' | 'lng', value: string) => set(field, value), [set]);
  usePlaceSync(props.withPosition ? props.placed : null, setCoordinate, form.state, props.withPosition ? props.onPosition : () => undefined);
  const pointLayers = layers.filter((layer) => layer.kind === 'points' && layer.deletedAt === null);
  const categories = props.categories.filter((category) => category.deletedAt === null);
  return (
    <InlineForm title={props.title} submit={submit} saving={saving} onCancel={props.onCancel} form={form}>
      {form.draft !== null && <DraftOffer onRestore={form.restoreDraft} onDiscard={form.discardDraft} />}
      <TextField label={t('management.points.name')} value={form.state.name} onChange={(value) => form.set('name', value)} problem={form.shown('name')} maxlength={120} required />
      {(
        [
          ['categoryId', t('management.points.category'), categories, props.categoryName],
          ['layerId', t('management.points.layer'), pointLayers, props.layerName],
        ] as const
      ).map(([field, label, choices, chosenName]) => (
        <ChoiceSelect
          key={field}
          label={label}
          value={form.state[field]}
          choices={choices}
          chosenName={chosenName}
          noneLabel={t('management.common.choose')}
          onChange={(id) => form.set(field, id ?? '')}
          problem={form.shown(field)}
        />
      ))}
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
        <PositionFields coordinates={form.state} shown={form.shown} onChange={setCoordinate} />
      )}
    </InlineForm>
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
    <InlineForm title={title} submit={submit} saving={saving} onCancel={props.onCancel} form={form} saveLabel={t('management.points.move_save')}>
      <p className="cm-hint">{t('management.points.move_hint')}</p>
      <PositionFields coordinates={form.state} shown={form.shown} onChange={setCoordinate} />
    </InlineForm>
  );
}
