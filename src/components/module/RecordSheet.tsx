/**
 * The parts of a record's sheet, shared by every module: titled sections, a list of fields,
 * the history (who, when, and for each write the fields with their old and new values) and
 * the attachments (thumbnails; a tap opens the full image). The module composes them and
 * names its fields; values are shown as text (objects such as a GPS point as "lat, lng").
 */
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { IonSpinner } from '@ionic/react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../common/schemas/platform';
import { formatDateTime } from '../../lib/dates';
import { describeApiError } from '../../lib/error-messages';
import './module.css';

export function RecordSheet({ children, label }: { children: ReactNode; label: string }) {
  return (
    <article className="record-sheet" aria-label={label}>
      {children}
    </article>
  );
}

export function RecordSection({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section className="record-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {actions}
      {children}
    </section>
  );
}

export function RecordFields({ fields }: { fields: readonly { label: string; value: ReactNode }[] }) {
  return (
    // The box is the container the fields' layout is chosen by (module.css): label beside value
    // where the sheet is wide, label above value where it is narrow.
    <div className="record-fields-box">
      <dl className="record-fields">
        {fields.map((field) => (
          <div key={field.label} style={{ display: 'contents' }}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A value of a history entry as text. */
export function displayValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'object') {
    const point = value as { lat?: unknown; lng?: unknown };
    if (typeof point.lat === 'number' && typeof point.lng === 'number') return `${point.lat}, ${point.lng}`;
    return JSON.stringify(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface HistoryListProps<K extends QueryKey> {
  query: UseQueryOptions<HistoryEntry[], Error, HistoryEntry[], K>;
  fieldLabel: (field: string) => string;
  /** A field's own display of a value; undefined: the default. */
  formatValue?: (field: string, value: unknown) => string | undefined;
}

export function HistoryList<K extends QueryKey>({ query, fieldLabel, formatValue }: HistoryListProps<K>) {
  const { t, i18n } = useTranslation('components');
  const history = useQuery(query);
  const empty = t('module.empty_value');
  const show = (field: string, value: unknown) => formatValue?.(field, value) ?? displayValue(value, empty);
  if (history.isPending) return history.fetchStatus === 'paused' ? <p>{t('module.offline_empty')}</p> : <IonSpinner name="crescent" aria-label={t('module.loading')} />;
  if (history.isError) return <p role="alert">{describeApiError(history.error)}</p>;
  if (history.data.length === 0) return <p>{t('module.history_empty')}</p>;
  return (
    <ol className="record-history">
      {history.data.map((entry) => (
        <li key={entry.id}>
          <strong>{t(`module.history_action.${entry.action}`)}</strong>{' '}
          {t('module.history_by', { name: entry.by.name, at: formatDateTime(entry.at, i18n.language) })}
          {entry.changes.length > 0 && (
            <ul>
              {entry.changes.map((change) => (
                <li key={change.field}>
                  {t('module.history_change', {
                    field: fieldLabel(change.field),
                    before: show(change.field, change.before),
                    after: show(change.field, change.after),
                  })}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

