/**
 * The linear stepper of the tenancy dialogs (spec section 2): numbered step headers, the
 * current one marked for assistive technology, and the current step's content. Steps are
 * entered only by the dialog's own transitions (a choice advances, Back goes back), never by
 * clicking a header: that is what keeps it linear.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDENAV_STEPPER_MIN_HEIGHT_PX } from '../../../../common/constants';
import './tenancy.css';

interface StepperProps {
  labels: readonly string[];
  active: number;
  children: ReactNode;
}

export function Stepper({ labels, active, children }: StepperProps) {
  return (
    <div className="tenancy-stepper" style={{ minHeight: SIDENAV_STEPPER_MIN_HEIGHT_PX }}>
      <ol className="tenancy-stepper-steps">
        {labels.map((label, index) => (
          <li
            key={label}
            aria-current={index === active ? 'step' : undefined}
            className={index < active ? 'done' : index === active ? 'active' : undefined}
          >
            <span className="tenancy-step-number" aria-hidden="true">
              {index + 1}
            </span>
            {label}
          </li>
        ))}
      </ol>
      <section className="tenancy-step" aria-label={labels[active]}>
        {children}
      </section>
    </div>
  );
}

interface ChoiceListProps<T> {
  label: string;
  items: readonly T[];
  selected: T | null;
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  onChoose: (item: T) => void;
  disabled?: boolean;
}

/** One button per entry (already sorted by name by the server); choosing one is the step's action. */
export function ChoiceList<T>({ label, items, selected, keyOf, nameOf, onChoose, disabled = false }: ChoiceListProps<T>) {
  return (
    <ul className="tenancy-choices" aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)}>
          <button
            type="button"
            className="tenancy-choice"
            aria-pressed={selected !== null && keyOf(selected) === keyOf(item)}
            disabled={disabled}
            onClick={() => onChoose(item)}
          >
            {nameOf(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The failure of a load or a change: the catalogue's sentence, announced, in the step. */
export function StepError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p role="alert" className="tenancy-error">
      {message}
    </p>
  );
}

interface StepActionsProps {
  pending: boolean;
  showBack: boolean;
  showConfirm: boolean;
  onCancel: () => void;
  onBack: () => void;
  onConfirm: () => void;
}

/** The action bar both tenancy dialogs share: Cancel, Back (past the first step), Confirm (last step). */
export function StepActions({ pending, showBack, showConfirm, onCancel, onBack, onConfirm }: StepActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="app-dialog-actions">
      <IonButton fill="clear" onClick={onCancel} disabled={pending}>
        {t('tenancy.cancel')}
      </IonButton>
      {showBack && (
        <IonButton fill="outline" onClick={onBack} disabled={pending}>
          {t('tenancy.back')}
        </IonButton>
      )}
      {showConfirm && (
        <IonButton onClick={onConfirm} disabled={pending}>
          {pending && <IonSpinner slot="start" name="crescent" aria-hidden="true" />}
          {t('tenancy.confirm')}
        </IonButton>
      )}
    </div>
  );
}
