/**
 * A record's status as a small chip (deleted, draft, closed, ...), in the Ionic look. The
 * tone picks the colour; the label is the module's translated text, so the chip means the
 * same read aloud as on screen.
 */
import { IonChip } from '@ionic/react';

export type StatusTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

const COLOR: Record<StatusTone, string> = {
  neutral: 'medium',
  success: 'success',
  warning: 'warning',
  danger: 'danger',
  info: 'primary',
};

export function StatusChip({ label, tone = 'neutral' }: { label: string; tone?: StatusTone }) {
  return (
    <IonChip className="status-chip" color={COLOR[tone]} outline>
      {label}
    </IonChip>
  );
}
