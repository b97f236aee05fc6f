/**
 * Change client (spec sections 2, 4, 5): a linear three-step stepper. Step 1 lists the client
 * databases; choosing one loads its districts and advances. Step 2 lists those districts;
 * choosing one fills the confirmation and advances. Step 3 shows both names with Back and
 * Confirm; Confirm does nothing unless both are set, else it moves the session
 * (use-tenant-change.ts) and closes with true. A failed load or change keeps the dialog on its
 * step with the catalogue's message; the session stays where it was.
 */
import { IonButton, IonModal, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistrictRef } from '../../../../common/api-types';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { describeApiError } from '../../../lib/error-messages';
import { changeClientRequest, type ChangeClientPayload } from '../api/change-client';
import { availableClientsQueryOptions, type AvailableClient } from '../api/get-available-clients';
import { districtNamesQueryOptions } from '../api/get-district-names';
import { useTenantChange } from '../use-tenant-change';
import { ChoiceList, StepActions, StepError, Stepper } from './Stepper';
import '../../../components/dialog.css';
import { requireNetwork } from '../../../lib/connectivity';

export interface ChangeClientDialogProps {
  isOpen: boolean;
  /** Closes the dialog; `changed` is true after a successful change (the spec's "true result"). */
  onDismiss: (changed: boolean) => void;
}

const STEP_CLIENT = 0;
const STEP_DISTRICT = 1;
const STEP_CONFIRM = 2;

export function ChangeClientDialog({ isOpen, onDismiss }: ChangeClientDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(STEP_CLIENT);
  const [client, setClient] = useState<AvailableClient | null>(null);
  const [districts, setDistricts] = useState<DistrictRef[]>([]);
  const [district, setDistrict] = useState<DistrictRef | null>(null);
  const [loadingDatabase, setLoadingDatabase] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // onDidDismiss also fires after our own close: the parent must hear about each closing once.
  const closed = useRef(false);
  const clients = useQuery({ ...availableClientsQueryOptions(), enabled: isOpen });
  const close = (changed: boolean) => {
    if (closed.current) return;
    closed.current = true;
    onDismiss(changed);
  };
  const change = useTenantChange((payload: ChangeClientPayload) => changeClientRequest(payload), () => close(true));
  const { reset: resetChange } = change;

  // Every opening starts from step 1 with fresh lists.
  useEffect(() => {
    if (!isOpen) return;
    closed.current = false;
    setStep(STEP_CLIENT);
    setClient(null);
    setDistricts([]);
    setDistrict(null);
    setLoadingDatabase(null);
    setLoadError(null);
    resetChange();
  }, [isOpen, resetChange]);

  useBackClosesDialog(isOpen, () => close(false));

  const busy = change.isPending || loadingDatabase !== null;

  const chooseClient = async (chosen: AvailableClient) => {
    setLoadError(null);
    setLoadingDatabase(chosen.database.name);
    try {
      const names = await queryClient.fetchQuery(districtNamesQueryOptions(chosen.database.name));
      setClient(chosen);
      setDistricts(names);
      setDistrict(null);
      setStep(STEP_DISTRICT);
    } catch (error) {
      setLoadError(describeApiError(error));
    } finally {
      setLoadingDatabase(null);
    }
  };

  const chooseDistrict = (chosen: DistrictRef) => {
    setDistrict(chosen);
    setStep(STEP_CONFIRM);
  };

  const back = () => {
    setLoadError(null);
    change.reset();
    setStep((current) => Math.max(STEP_CLIENT, current - 1));
  };

  const confirm = () => {
    if (client === null || district === null || change.isPending || !requireNetwork()) return;
    change.mutate({ database: client.database.name, district: district._id });
  };

  const clientsError = clients.isError ? describeApiError(clients.error) : null;

  return (
    <IonModal
      isOpen={isOpen}
      onDidDismiss={() => close(false)}
      backdropDismiss={!change.isPending}
      className="app-dialog"
      // Ionic names its shadow-DOM dialog from aria-label only (an id across the shadow root does not resolve).
      aria-label={t('tenancy.change_client_title')}
      aria-labelledby={titleId}
    >
      <div className="app-dialog-body">
        <h2 id={titleId}>{t('tenancy.change_client_title')}</h2>
        <Stepper labels={[t('tenancy.step_client'), t('tenancy.step_district'), t('tenancy.step_confirm')]} active={step}>
          {step === STEP_CLIENT && (
            <>
              <p>{t('tenancy.pick_client')}</p>
              {clients.isPending && <IonSpinner name="crescent" aria-label={t('tenancy.loading')} />}
              {clients.isSuccess && clients.data.length === 0 && <p>{t('tenancy.no_clients')}</p>}
              {clients.isSuccess && (
                <ChoiceList
                  label={t('tenancy.step_client')}
                  items={clients.data}
                  selected={client}
                  keyOf={(entry) => entry.database.name}
                  nameOf={(entry) => entry.name}
                  onChoose={(entry) => void chooseClient(entry)}
                  disabled={busy}
                />
              )}
              {loadingDatabase !== null && <IonSpinner name="crescent" aria-label={t('tenancy.loading')} />}
              <StepError message={clientsError ?? loadError} />
              {clients.isError && (
                <IonButton fill="outline" size="small" onClick={() => void clients.refetch()}>
                  {t('tenancy.retry')}
                </IonButton>
              )}
            </>
          )}
          {step === STEP_DISTRICT && (
            <>
              <p>{t('tenancy.pick_district')}</p>
              {districts.length === 0 && <p>{t('tenancy.no_districts')}</p>}
              <ChoiceList
                label={t('tenancy.step_district')}
                items={districts}
                selected={district}
                keyOf={(entry) => entry._id}
                nameOf={(entry) => entry.name}
                onChoose={chooseDistrict}
              />
            </>
          )}
          {step === STEP_CONFIRM && (
            <>
              <p>{t('tenancy.confirm_client_text')}</p>
              <dl className="tenancy-summary">
                <dt>{t('tenancy.client')}</dt>
                <dd>{client?.name}</dd>
                <dt>{t('tenancy.district')}</dt>
                <dd>{district?.name}</dd>
              </dl>
              <StepError message={change.isError ? describeApiError(change.error) : null} />
            </>
          )}
        </Stepper>
        <StepActions
          pending={change.isPending}
          showBack={step > STEP_CLIENT}
          showConfirm={step === STEP_CONFIRM}
          onCancel={() => close(false)}
          onBack={back}
          onConfirm={confirm}
        />
      </div>
    </IonModal>
  );
}
