/**
 * /opteamum/clientManagement (opteamum.admin): every client with its districts, and the
 * creation of a client (its database and first district are created by the server).
 */
import { IonButton, IonInput, IonItem, IonList, IonSpinner } from '@ionic/react';
import { Label } from '../../../components/Label';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { useCreateClientMutation } from '../api/create-client';
import { clientsQueryOptions } from '../api/get-clients';
import { DISTRICT_NAME_MAX_LENGTH, validateNewClient, type NewClientProblems } from '../validation';
import './admin.css';
import { requireNetwork } from '../../../lib/connectivity';

export function ClientManagementPage() {
  const { t } = useTranslation();
  const clients = useQuery(clientsQueryOptions());
  return (
    <div className="admin-page ion-padding">
      <h1>{t('administration.clients_title')}</h1>
      <CreateClientForm />
      <section aria-labelledby="admin-clients-list">
        <h2 id="admin-clients-list">{t('administration.clients_list')}</h2>
        {clients.isPending && <IonSpinner name="crescent" aria-label={t('administration.loading')} />}
        {clients.isError && <p role="alert" className="admin-error">{describeApiError(clients.error)}</p>}
        {clients.isSuccess && (
          <IonList>
            {clients.data.map((client) => (
              <IonItem key={client.database}>
                <Label>
                  <h3>{client.name}</h3>
                  <p>
                    {client.database} · {client.districts.map((district) => district.name).join(', ')}
                  </p>
                </Label>
              </IonItem>
            ))}
          </IonList>
        )}
      </section>
    </div>
  );
}

function CreateClientForm() {
  const { t } = useTranslation();
  const create = useCreateClientMutation();
  const titleId = useId();
  const [name, setName] = useState('');
  const [database, setDatabase] = useState('');
  const [district, setDistrict] = useState('');
  const [problems, setProblems] = useState<NewClientProblems>({});
  const problem = (key: string | undefined) =>
    key === undefined ? null : (
      <p role="alert" className="admin-error">
        {t(key, { max: DISTRICT_NAME_MAX_LENGTH })}
      </p>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewClient(name, database, district);
    setProblems(found);
    if (Object.keys(found).length > 0 || !requireNetwork()) return;
    create.mutate(
      { name: name.trim(), database, district: district.trim() },
      {
        onSuccess: () => {
          showToast({ message: t('administration.client_created'), kind: 'success' });
          setName('');
          setDatabase('');
          setDistrict('');
        },
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{t('administration.create_client')}</h2>
      <IonInput label={t('administration.client_name')} labelPlacement="stacked" fill="outline" value={name} onIonInput={(event) => setName(String(event.detail.value ?? ''))} />
      {problem(problems.name)}
      <IonInput label={t('administration.database_name')} labelPlacement="stacked" fill="outline" value={database} onIonInput={(event) => setDatabase(String(event.detail.value ?? ''))} />
      {problem(problems.database)}
      <IonInput label={t('administration.first_district')} labelPlacement="stacked" fill="outline" value={district} onIonInput={(event) => setDistrict(String(event.detail.value ?? ''))} />
      {problem(problems.district)}
      {create.isError && <p role="alert" className="admin-error">{describeApiError(create.error)}</p>}
      <IonButton type="submit" disabled={create.isPending}>
        {t('administration.create')}
      </IonButton>
    </form>
  );
}
