/**
 * A record's status as a small chip (deleted, draft, closed, ...), in the look of Ionic's
 * outlined chip. The tone picks the colour; the label is the module's translated text, so the
 * chip means the same read aloud as on screen.
 *
 * Plain markup, not IonChip: a list shows one or two chips on each of its rows, and each
 * IonChip is a shadow-DOM component with a ripple component inside (two components to create
 * and render per chip, some sixty on a phone's first screen of the equipment list). A status
 * is not something to press, so it has neither the ripple nor the pointer.
 */
import './status-chip.css';

export type StatusTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export function StatusChip({ label, tone = 'neutral' }: { label: string; tone?: StatusTone }) {
  return <span className={`status-chip status-chip-${tone}`}>{label}</span>;
}
