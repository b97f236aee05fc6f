/**
 * The parts of a record's sheet, shared by every module: titled sections, a list of fields,
 * the history (who, when, and for each write the fields with their old and new values) and
 * the attachments (thumbnails; a tap opens the full image). The module composes them and
 * describes its fields once for the history (history-format.ts).
 */
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { IonSpinner } from '@ionic/react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../common/schemas/platform';
import { formatDateTime } from '../../lib/dates';
import { formatChanges, type AnswerField, type HistoryFields } from './history-format';
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

export interface HistoryListProps<K extends QueryKey> {
  query: UseQueryOptions<HistoryEntry[], Error, HistoryEntry[], K>;
  /** The module's fields as its history shows them (labels and kinds of values). */
  fields: HistoryFields;
  /** The questions of the record's template, for its answers. */
  answerField?: (key: string) => AnswerField | undefined;
}

export function HistoryList<K extends QueryKey>({ query, fields, answerField }: HistoryListProps<K>) {
  const { t, i18n } = useTranslation('components');
  const history = useQuery(query);
  if (history.isPending) return history.fetchStatus === 'paused' ? <p>{t('module.offline_empty')}</p> : <IonSpinner name="crescent" aria-label={t('module.loading')} />;
  if (history.isError) return <p role="alert">{describeApiError(history.error)}</p>;
  if (history.data.length === 0) return <p>{t('module.history_empty')}</p>;
  const format = { t, language: i18n.language, fields, answerField };
  return (
    <ol className="record-history">
      {history.data.map((entry) => {
        const changes = formatChanges(entry, format);
        return (
          <li key={entry.id}>
            <strong>{t(`module.history_action.${entry.action}`)}</strong>{' '}
            {t('module.history_by', { name: entry.by.name, at: formatDateTime(entry.at, i18n.language) })}
            {changes.length > 0 && (
              <ul>
                {changes.map((change) => (
                  <li key={change.field}>{t('module.history_change', { field: change.label, before: change.before, after: change.after })}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
