/**
 * The choice of a conflict (MODULES.md "Conflicts"): a write made offline changed a field the
 * server's record changed too, to another value. The dialog lists each such field with the
 * user's value and the server's, one choice per field (the user's preselected: they made it
 * last on this device); Send sends the choices (lib/outbox resolveConflict), the fields that
 * merged without a conflict going with them. Nothing is ever overwritten without this choice.
 * Browser back closes it, leaving the write in conflict.
 */
import { IonButton, IonModal } from '@ionic/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackClosesDialog } from '../hooks/use-back-closes-dialog';
import { resolveConflict } from '../lib/outbox/enqueue';
import type { Choice } from '../lib/outbox/merge';
import type { OutboxItem } from '../lib/outbox/types';
import { formatPosition } from '../lib/numbers';
import './dialog.css';
import './conflict-dialog.css';

interface ConflictDialogProps {
  isOpen: boolean;
  /** A write in state 'conflict'. */
  item: OutboxItem | null;
  onDismiss: () => void;
  /** The field's name as the user knows it (the module's label); the field's key otherwise. */
  fieldLabel?: (field: string) => string;
}

const isPoint = (value: unknown): value is { lat: number; lng: number } =>
  typeof value === 'object' && value !== null && typeof (value as { lat?: unknown }).lat === 'number' && typeof (value as { lng?: unknown }).lng === 'number';

export function ConflictDialog({ isOpen, item, onDismiss, fieldLabel = (field) => field }: ConflictDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const fields = item?.conflict?.fields ?? [];
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [sending, setSending] = useState(false);
  useBackClosesDialog(isOpen, onDismiss);
  useEffect(() => {
    if (isOpen) setChoices({});
  }, [isOpen, item?.key]);

  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('outbox.value_empty');
    if (isPoint(value)) return formatPosition(value, i18n.language);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  };

  const send = async () => {
    if (item === null) return;
    setSending(true);
    try {
      await resolveConflict(item.key, Object.fromEntries(fields.map((f) => [f.field, choices[f.field] ?? 'mine'])));
      onDismiss();
    } finally {
      setSending(false);
    }
  };

  return (
    <IonModal
      isOpen={isOpen}
      onDidDismiss={onDismiss}
      className="app-dialog"
      aria-label={t('outbox.conflict_title')}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <div className="app-dialog-body conflict-dialog">
        <h2 id={titleId}>{t('outbox.conflict_title')}</h2>
        <p id={textId}>{t('outbox.conflict_text')}</p>
        {fields.map((conflict) => {
          const name = `conflict-${conflict.field}`;
          const chosen = choices[conflict.field] ?? 'mine';
          return (
            <fieldset key={conflict.field} className="conflict-field">
              <legend>{fieldLabel(conflict.field)}</legend>
              {(['mine', 'theirs'] as const).map((side) => (
                <label key={side} className="conflict-choice">
                  <input
                    type="radio"
                    name={name}
                    value={side}
                    checked={chosen === side}
                    onChange={() => setChoices((current) => ({ ...current, [conflict.field]: side }))}
                  />
                  <span className="conflict-side">{t(side === 'mine' ? 'outbox.conflict_mine' : 'outbox.conflict_theirs')}</span>
                  <span className="conflict-value">{show(side === 'mine' ? conflict.mine : conflict.theirs)}</span>
                </label>
              ))}
            </fieldset>
          );
        })}
        <div className="app-dialog-actions">
          <IonButton fill="outline" onClick={onDismiss} disabled={sending}>
            {t('outbox.conflict_later')}
          </IonButton>
          <IonButton onClick={() => void send()} disabled={sending || item === null}>
            {t('outbox.conflict_send')}
          </IonButton>
        </div>
      </div>
    </IonModal>
  );
}
