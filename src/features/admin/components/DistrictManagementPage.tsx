/**
 * /admin/districtManagement (full) and /admin/simpleDistrictManagement (simple): the districts
 * of the session's client. Both list and rename; the full page also creates. (The spec names
 * both routes without telling them apart; the simple one is the lighter everyday view.)
 * Failures show the error catalogue's sentence next to the form that failed.
 */
import { IonButton, IonInput, IonItem, IonList, IonSpinner } from '@ionic/react';
import { Label } from '../../../components/Label';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistrictRef } from '../../../../common/api-types';
import { describeApiError } from '../../../lib/error-messages';
import { useCreateDistrictMutation } from '../api/create-district';
import { districtsQueryOptions } from '../api/get-districts';
import { useRenameDistrictMutation } from '../api/rename-district';
import { DISTRICT_NAME_MAX_LENGTH, validateDistrictName } from '../validation';
import './admin.css';
import { requireNetwork } from '../../../lib/connectivity';

export function DistrictManagementPage({ variant }: { variant: 'full' | 'simple' }) {
  const { t } = useTranslation();
  const districts = useQuery(districtsQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <div className="admin-page ion-padding">
      <h1>{t(variant === 'full' ? 'administration.districts_title' : 'administration.simple_districts_title')}</h1>
      {variant === 'full' && <CreateDistrictForm />}
      <section aria-labelledby="admin-districts-list">
        <h2 id="admin-districts-list">{t('administration.districts_list')}</h2>
        {districts.isPending && <IonSpinner name="crescent" aria-label={t('administration.loading')} />}
        {districts.isError && <p role="alert" className="admin-error">{describeApiError(districts.error)}</p>}
        {districts.isSuccess && (
          <IonList>
            {districts.data.map((district) =>
              editing === district._id ? (
                <RenameDistrictForm key={district._id} district={district} onDone={() => setEditing(null)} />
              ) : (
                <IonItem key={district._id}>
                  <Label>{district.name}</Label>
                  <IonButton slot="end" fill="clear" onClick={() => setEditing(district._id)}>
                    {t('administration.rename')}
                  </IonButton>
                </IonItem>
              ),
            )}
          </IonList>
        )}
      </section>
    </div>
  );
}

function CreateDistrictForm() {
  const { t } = useTranslation();
  const create = useCreateDistrictMutation();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateDistrictName(name);
    setInvalid(problem);
    if (problem !== null || !requireNetwork()) return;
    create.mutate(name.trim(), { onSuccess: () => setName('') });
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="admin-create-district">
      <h2 id="admin-create-district">{t('administration.create_district')}</h2>
      <IonInput
        label={t('administration.district_name')}
        labelPlacement="stacked" fill="outline"
        value={name}
        maxlength={DISTRICT_NAME_MAX_LENGTH}
        onIonInput={(event) => setName(String(event.detail.value ?? ''))}
        errorText={invalid === null ? undefined : t(invalid, { max: DISTRICT_NAME_MAX_LENGTH })}
        className={invalid === null ? undefined : 'ion-invalid ion-touched'}
      />
      {invalid !== null && <p role="alert" className="admin-error">{t(invalid, { max: DISTRICT_NAME_MAX_LENGTH })}</p>}
      {create.isError && <p role="alert" className="admin-error">{describeApiError(create.error)}</p>}
      <IonButton type="submit" disabled={create.isPending}>
        {t('administration.create')}
      </IonButton>
    </form>
  );
}

function RenameDistrictForm({ district, onDone }: { district: DistrictRef; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameDistrictMutation();
  const [name, setName] = useState(district.name);
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateDistrictName(name);
    setInvalid(problem);
    if (problem !== null || !requireNetwork()) return;
    rename.mutate({ id: district._id, name: name.trim() }, { onSuccess: onDone });
  };

  return (
    <IonItem>
      <form className="admin-inline-form" onSubmit={submit} noValidate>
        <IonInput
          label={t('administration.new_name', { name: district.name })}
          labelPlacement="stacked" fill="outline"
          value={name}
          maxlength={DISTRICT_NAME_MAX_LENGTH}
          onIonInput={(event) => setName(String(event.detail.value ?? ''))}
        />
        {invalid !== null && <p role="alert" className="admin-error">{t(invalid, { max: DISTRICT_NAME_MAX_LENGTH })}</p>}
        {rename.isError && <p role="alert" className="admin-error">{describeApiError(rename.error)}</p>}
        <IonButton type="submit" size="small" disabled={rename.isPending}>
          {t('administration.save')}
        </IonButton>
        <IonButton size="small" fill="clear" onClick={onDone} disabled={rename.isPending}>
          {t('administration.cancel')}
        </IonButton>
      </form>
    </IonItem>
  );
}
