/**
 * Create (/site/new) or edit (/site/$siteId/edit) a site (sites.admin). The fields are checked
 * against the contract's schema as the user types (the messages under each touched field,
 * announced), a Save with one wrong says so and shows each, a draft is kept while editing and
 * offered back on reopening, the GPS is typed or taken from the device's position (its
 * errors shown). Save queues the write in the outbox (an edit sends only the changed fields,
 * with the version it started from), so it works offline too.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../../common/modules/sites/schemas';
import { SITE_ADDRESS_MAX, SITE_DESCRIPTION_MAX, SITE_NAME_MAX, SITE_OWNER_MAX } from '../../../../common/modules/sites/schemas';
import { FormActions } from '../../../components/module/FormActions';
import { ModulePage } from '../../../components/module/ModulePage';
import { FieldError, RecordFormElement, TextField, useRecordForm } from '../../../components/module/RecordForm';
import { describeApiError } from '../../../lib/error-messages';
import { locateDevice } from '../../../lib/geolocation';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { siteTypesQueryOptions } from '../api/get-site-types';
import { checkSiteForm, emptySiteForm, siteFieldsOf, siteFormOf, type SiteFormState } from '../form';
import { queueCreateSite, queueUpdateSite } from '../writes';
import './sites.css';

export interface SiteFormProps {
  /** The site edited; none: a new one. */
  site?: Site | undefined;
  onDone: (siteId: string | null) => void;
  onCancel: () => void;
}

type GpsState = { status: 'idle' } | { status: 'locating' } | { status: 'error'; key: string };

export function SiteForm({ site, onDone, onCancel }: SiteFormProps) {
  const { t } = useTranslation('sites');
  const types = useQuery(siteTypesQueryOptions());
  const form = useRecordForm<SiteFormState>({
    initial: site === undefined ? emptySiteForm() : siteFormOf(site),
    check: checkSiteForm,
    draftKey: site === undefined ? 'sites:new' : `sites:edit:${site.id}`,
  });
  const [saving, setSaving] = useState(false);
  const [gps, setGps] = useState<GpsState>({ status: 'idle' });
  const typeId = useId();
  const gpsErrorId = useId();
  const { state, set, shown } = form;

  const locate = () => {
    setGps({ status: 'locating' });
    locateDevice(
      (position) => {
        set('lat', position.lat.toFixed(6));
        set('lng', position.lng.toFixed(6));
        setGps({ status: 'idle' });
      },
      (problem) => setGps({ status: 'error', key: `form.gps_${problem}` }),
    );
  };

  const save = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      const fields = siteFieldsOf(state);
      if (site === undefined) {
        const id = await queueCreateSite(fields);
        await form.clearDraft();
        showSavedToast(t('form.created'));
        onDone(id);
      } else {
        const changed = await queueUpdateSite(site, fields);
        await form.clearDraft();
        if (changed) showSavedToast(t('form.saved'));
        onDone(site.id);
      }
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModulePage title={site === undefined ? t('form.new_title') : t('form.edit_title', { name: site.name })} onBack={onCancel}>
      <RecordFormElement label={site === undefined ? t('form.new_title') : t('form.edit_title', { name: site.name })} onSave={() => void save()} form={form}>
        <TextField label={t('field.name')} value={state.name} onChange={(v) => set('name', v)} problem={shown('name')} maxlength={SITE_NAME_MAX} required />
        <TextField
          label={t('field.description')}
          value={state.description}
          onChange={(v) => set('description', v)}
          problem={shown('description')}
          multiline
          maxlength={SITE_DESCRIPTION_MAX}
        />
        <TextField label={t('field.address')} value={state.address} onChange={(v) => set('address', v)} problem={shown('address')} maxlength={SITE_ADDRESS_MAX} />
        <TextField label={t('field.ownerName')} value={state.ownerName} onChange={(v) => set('ownerName', v)} problem={shown('ownerName')} maxlength={SITE_OWNER_MAX} />
        <label className="record-form-select" htmlFor={typeId}>
          {t('field.siteTypeId')}
          <select id={typeId} value={state.siteTypeId} onChange={(event) => set('siteTypeId', event.target.value)}>
            <option value="">{t('form.no_type')}</option>
            {(types.data ?? [])
              .filter((type) => type.deletedAt === null || type.id === state.siteTypeId)
              .map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
          </select>
        </label>
        <fieldset className="site-form-gps">
          <legend>{t('field.gps')}</legend>
          <TextField label={t('form.lat')} value={state.lat} onChange={(v) => set('lat', v)} problem={shown('lat')} inputMode="decimal" />
          <TextField label={t('form.lng')} value={state.lng} onChange={(v) => set('lng', v)} problem={shown('lng')} inputMode="decimal" />
          <IonButton fill="outline" onClick={locate} disabled={gps.status === 'locating'}>
            {gps.status === 'locating' ? <IonSpinner name="dots" aria-label={t('form.locating')} /> : t('form.use_position')}
          </IonButton>
          {gps.status === 'error' && <FieldError id={gpsErrorId} problem={{ key: `sites:${gps.key}` }} />}
        </fieldset>
        <FormActions saveLabel={t('form.save')} cancelLabel={t('sheet.cancel')} saving={saving} onCancel={onCancel} form={form} />
      </RecordFormElement>
    </ModulePage>
  );
}
