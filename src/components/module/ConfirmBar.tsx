/**
 * A confirmation in place (a record's delete): the question, the confirming button in the danger
 * colour, and Cancel. Announced as an alert dialog named by its question. The module gives its
 * own class for the box (its look stays its own).
 */
import { IonButton } from '@ionic/react';
import { useId } from 'react';

export interface ConfirmBarProps {
  className: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmBar({ className, question, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmBarProps) {
  const textId = useId();
  return (
    <div className={className} role="alertdialog" aria-labelledby={textId}>
      <p id={textId}>{question}</p>
      <IonButton
        color="danger"
        onClick={() => {
          onCancel();
          onConfirm();
        }}
      >
        {confirmLabel}
      </IonButton>
      <IonButton fill="outline" onClick={onCancel}>
        {cancelLabel}
      </IonButton>
    </div>
  );
}
