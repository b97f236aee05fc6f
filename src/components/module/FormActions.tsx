/**
 * A record form's page, and its end: Save (while not saving) and Cancel, and the save itself: every
 * problem shown, nothing sent while one remains (and how many fields need attention said beside
 * Save); the module's save (which queues the write), then the draft forgotten and the user
 * told; a refusal shown as a toast.
 */
import { IonButton } from '@ionic/react';
import { useState, type ReactNode } from 'react';
import { describeApiError } from '../../lib/error-messages';
import { showToast } from '../../lib/toast';
import { showSavedToast } from '../../lib/saved-toast';
import { ModulePage } from './ModulePage';
import { DraftOffer, SaveProblems, type RecordForm } from './RecordForm';

export function useFormSave<S>(form: RecordForm<S>, onSave: (state: S) => Promise<void>, savedMessage: string): { saving: boolean; submit: () => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (saving || !form.attemptSave()) return;
    setSaving(true);
    try {
      await onSave(form.state);
      await form.clearDraft();
      showSavedToast(savedMessage);
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}

export interface FormActionsProps {
  saveLabel: string;
  cancelLabel: string;
  saving: boolean;
  onCancel: () => void;
  /** The form: after a Save that found problems, how many fields need attention. */
  form?: Pick<RecordForm<unknown>, 'blocked' | 'problems'>;
}

export function FormActions({ saveLabel, cancelLabel, saving, onCancel, form }: FormActionsProps) {
  return (
    <div className="record-form-actions">
      {form !== undefined && <SaveProblems form={form} />}
      <IonButton type="submit" disabled={saving}>
        {saveLabel}
      </IonButton>
      <IonButton fill="outline" onClick={onCancel}>
        {cancelLabel}
      </IonButton>
    </div>
  );
}

export interface FormPageProps<S> {
  title: string;
  onBack: () => void;
  /** The page header's buttons (a delete). */
  actions?: ReactNode;
  form: RecordForm<S>;
  submit: () => Promise<void>;
  children: ReactNode;
}

/** A record form as a page: its title and back, the form (validated on submit, never by the browser), the draft's offer first. */
export function FormPage<S>({ title, onBack, actions, form, submit, children }: FormPageProps<S>) {
  return (
    <ModulePage title={title} onBack={onBack} actions={actions}>
      <form
        className="record-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {form.draft !== null && <DraftOffer onRestore={form.restoreDraft} onDiscard={form.discardDraft} />}
        {children}
      </form>
    </ModulePage>
  );
}
