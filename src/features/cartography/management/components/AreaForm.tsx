/**
 * An area's form: name, layer (one of kind areas), group, colour (its own, or its group's or
 * layer's), description; the shape comes from the map (drawn, or the area's own). Checked with
 * the contract's AreaFields (the server's own rules) and queued in the outbox on Save: a new
 * area with its id made here, an edit with its changed fields only.
 */
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { AreaFields, type Area, type AreaGeometry, type AreaGroup, type Layer } from '../../../../../common/modules/cartography/schemas';
import { ChoiceSelect } from '../../../../components/module/ChoiceSelect';
import { FormActions, useFormSave } from '../../../../components/module/FormActions';
import { DraftOffer, FieldError, TextField, useRecordForm } from '../../../../components/module/RecordForm';
import { schemaProblems } from '../../../../components/module/validation';
import { queueCreate, queueUpdate } from '../record-writes';
import { surfaceText } from '../drawing';
import { areaSquareMetres } from '../../../../../common/modules/cartography/geometry';
import { ColourField } from './ColourField';
import { DescriptionField } from './DescriptionField';

interface AreaFormState {
  name: string;
  description: string;
  layerId: string;
  groupId: string | null;
  colour: string | null;
}

const fieldsOf = (state: AreaFormState, geometry: AreaGeometry): AreaFields => ({
  name: state.name.trim(),
  description: state.description.trim(),
  layerId: state.layerId,
  groupId: state.groupId,
  colour: state.colour,
  geometry,
});

export interface AreaFormProps {
  /** The area edited; null: a new one. */
  area: Area | null;
  geometry: AreaGeometry;
  layers: readonly Layer[];
  groups: readonly AreaGroup[];
  onSaved: (id: string) => void;
  onCancel: () => void;
  /** Back to the map to change the shape (a new area). */
  onReshape?: () => void;
}

export function AreaForm({ area, geometry, layers, groups, onSaved, onCancel, onReshape }: AreaFormProps) {
  const { t, i18n } = useTranslation('cartography');
  const areaLayers = layers.filter((layer) => layer.kind === 'areas' && layer.deletedAt === null);
  const liveGroups = groups.filter((group) => group.deletedAt === null);
  const form = useRecordForm<AreaFormState>({
    initial:
      area === null
        ? { name: '', description: '', layerId: areaLayers[0]?.id ?? '', groupId: null, colour: null }
        : { name: area.name, description: area.description, layerId: area.layerId, groupId: area.groupId, colour: area.colour },
    check: (state) => schemaProblems(AreaFields, fieldsOf(state, geometry)),
    draftKey: area === null ? undefined : `cartography:area:${area.id}`,
  });
  const { saving, submit } = useFormSave(
    form,
    async (state) => {
      const fields = fieldsOf(state, geometry);
      if (area === null) onSaved(await queueCreate('areas', fields));
      else {
        await queueUpdate<AreaFields>('areas', area, fields);
        onSaved(area.id);
      }
    },
    t('management.areas.saved'),
  );
  const layerProblem = form.shown('layerId');
  return (
    <form
      className="record-form"
      noValidate
      aria-label={area === null ? t('management.areas.new_title') : t('management.areas.edit_title', { name: area.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{area === null ? t('management.areas.new_title') : t('management.areas.edit_title', { name: area.name })}</h2>
      {form.draft !== null && <DraftOffer onRestore={form.restoreDraft} onDiscard={form.discardDraft} />}
      <p>
        {t('management.areas.surface_is', { surface: surfaceText(areaSquareMetres(geometry), i18n.language) })}{' '}
        {onReshape !== undefined && (
          <IonButton size="small" fill="clear" onClick={onReshape}>
            {t('management.areas.reshape')}
          </IonButton>
        )}
      </p>
      <TextField label={t('management.common.name')} value={form.state.name} onChange={(value) => form.set('name', value)} problem={form.shown('name')} maxlength={120} required />
      {areaLayers.length === 0 ? (
        <p role="alert">{t('management.areas.no_area_layer')}</p>
      ) : (
        <ChoiceSelect
          label={t('management.common.layer')}
          value={form.state.layerId}
          choices={areaLayers}
          chosenName={area?.layerName ?? null}
          onChange={(value) => form.set('layerId', value ?? '')}
        />
      )}
      <FieldError id="area-layer-error" problem={layerProblem} />
      <ChoiceSelect
        label={t('management.common.group')}
        value={form.state.groupId}
        choices={liveGroups}
        chosenName={area?.groupName ?? null}
        noneLabel={t('management.areas.no_group')}
        onChange={(value) => form.set('groupId', value)}
      />
      <ColourField
        label={t('management.common.colour')}
        value={form.state.colour}
        onChange={(value: string | null) => form.set('colour', value)}
        inheritLabel={t('management.areas.colour_inherit')}
        fallback={liveGroups.find((group) => group.id === form.state.groupId)?.colour ?? areaLayers.find((layer) => layer.id === form.state.layerId)?.colour}
      />
      <DescriptionField value={form.state.description} onChange={(value) => form.set('description', value)} problem={form.shown('description')} />
      <FormActions saveLabel={t('management.common.save')} cancelLabel={t('management.common.cancel')} saving={saving} onCancel={onCancel} form={form} />
    </form>
  );
}
