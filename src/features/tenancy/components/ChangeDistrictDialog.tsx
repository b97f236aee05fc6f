/**
 * Change district (spec sections 2, 4, 5): a linear two-step stepper. Step 1 lists the
 * account's districts of the current client; choosing one fills the confirmation and advances.
 * Step 2 shows its name with Back and Confirm; Confirm does nothing unless a district is
 * chosen, else it moves the session (use-tenant-change.ts) and closes with true. A failed load
 * or change keeps the dialog on its step with the catalogue's message.
 */
import { IonButton, IonModal, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistrictRef } from '../../../../common/api-types';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { describeApiError } from '../../../lib/error-messages';
import { changeDistrictRequest } from '../api/change-district';
import { availableDistrictsQueryOptions } from '../api/get-available-districts';
import { useTenantChange } from '../use-tenant-change';
import { ChoiceList, StepActions, StepError, Stepper } from './Stepper';
import '../../../components/dialog.css';
import { requireNetwork } from '../../../lib/connectivity';

export interface ChangeDistrictDialogProps {
  isOpen: boolean;
  /** Closes the dialog; `changed` is true after a successful change (the spec's "true result"). */
  onDismiss: (changed: boolean) => void;
}

const STEP_DISTRICT = 0;
const STEP_CONFIRM = 1;

export function ChangeDistrictDialog({ isOpen, onDismiss }: ChangeDistrictDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [step, setStep] = useState(STEP_DISTRICT);
  const [district, setDistrict] = useState<DistrictRef | null>(null);
  // onDidDismiss also fires after our own close: the parent must hear about each closing once.
  const closed = useRef(false);
  const districts = useQuery({ ...availableDistrictsQueryOptions(), enabled: isOpen });
  const close = (changed: boolean) => {
    if (closed.current) return;
    closed.current = true;
    onDismiss(changed);
  };
  const change = useTenantChange((districtId: string) => changeDistrictRequest(districtId), () => close(true));
  const { reset: resetChange } = change;

  useEffect(() => {
    if (!isOpen) return;
    closed.current = false;
    setStep(STEP_DISTRICT);
    setDistrict(null);
    resetChange();
  }, [isOpen, resetChange]);

  useBackClosesDialog(isOpen, () => close(false));

  const chooseDistrict = (chosen: DistrictRef) => {
    setDistrict(chosen);
    setStep(STEP_CONFIRM);
  };

  const back = () => {
    change.reset();
    setStep(STEP_DISTRICT);
  };

  const confirm = () => {
    if (district === null || change.isPending || !requireNetwork()) return;
    change.mutate(district._id);
  };

  return (
    <IonModal
      isOpen={isOpen}
      onDidDismiss={() => close(false)}
      backdropDismiss={!change.isPending}
      className="app-dialog"
      // Ionic names its shadow-DOM dialog from aria-label only (an id across the shadow root does not resolve).
      aria-label={t('tenancy.change_district_title')}
      aria-labelledby={titleId}
    >
      <div className="app-dialog-body">
        <h2 id={titleId}>{t('tenancy.change_district_title')}</h2>
        <Stepper labels={[t('tenancy.step_district'), t('tenancy.step_confirm')]} active={step}>
          {step === STEP_DISTRICT && (
            <>
              <p>{t('tenancy.pick_district')}</p>
              {districts.isPending && <IonSpinner name="crescent" aria-label={t('tenancy.loading')} />}
              {districts.isSuccess && districts.data.length === 0 && <p>{t('tenancy.no_districts')}</p>}
              {districts.isSuccess && (
                <ChoiceList
                  label={t('tenancy.step_district')}
                  items={districts.data}
                  selected={district}
                  keyOf={(entry) => entry._id}
                  nameOf={(entry) => entry.name}
                  onChoose={chooseDistrict}
                />
              )}
              <StepError message={districts.isError ? describeApiError(districts.error) : null} />
              {districts.isError && (
                <IonButton fill="outline" size="small" onClick={() => void districts.refetch()}>
                  {t('tenancy.retry')}
                </IonButton>
              )}
            </>
          )}
          {step === STEP_CONFIRM && (
            <>
              <p>{t('tenancy.confirm_district_text')}</p>
              <dl className="tenancy-summary">
                <dt>{t('tenancy.district')}</dt>
                <dd>{district?.name}</dd>
              </dl>
              <StepError message={change.isError ? describeApiError(change.error) : null} />
            </>
          )}
        </Stepper>
        <StepActions
          pending={change.isPending}
          showBack={step === STEP_CONFIRM}
          showConfirm={step === STEP_CONFIRM}
          onCancel={() => close(false)}
          onBack={back}
          onConfirm={confirm}
        />
      </div>
    </IonModal>
  );
}
