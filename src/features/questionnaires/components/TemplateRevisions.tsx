/**
 * A template's revisions (templates are versioned): the list of every saved revision
 * with who saved it, when and what it changed, each one open read only; and, on an older
 * revision, the banner that says so, with the way back to the current one and, for a builder,
 * the way to make it current again (saved as a new revision through the outbox: inspections
 * started with any revision keep theirs).
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../common/modules/questionnaires/schemas';
import { formatDateTime } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { templateHistoryQueryOptions } from '../api/reads';
import { templateHref } from '../paths';
import { fromTemplate } from '../template-draft';
import { queueUpdateTemplate } from '../kinds';

/** The list, folded until opened (its history is read then). */
export function TemplateRevisions({ template, viewing }: { template: Template; viewing: number }) {
  const { t, i18n } = useTranslation('questionnaires');
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...templateHistoryQueryOptions(template.id), enabled: open });
  // A revision is a creation or an update (a deletion or a restore changes no content).
  const revisions = (history.data ?? []).filter((entry) => entry.action === 'create' || entry.action === 'update').sort((a, b) => b.version - a.version);
  return (
    <details className="builder-card template-revisions" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('builder.revisions.title', { count: template.version })}</summary>
      {history.isPending && open && (history.fetchStatus === 'paused' ? <p>{t('builder.offline_empty')}</p> : <IonSpinner name="crescent" aria-label={t('list.loading')} />)}
      {history.isError && history.data === undefined && <p role="alert">{describeApiError(history.error)}</p>}
      {history.data !== undefined && (
        <ol className="template-revision-list" aria-label={t('builder.revisions.list')}>
          {revisions.map((entry) => {
            const fields = entry.changes.map((change) => t(`builder.field.${change.field}`, { defaultValue: change.field })).join(', ');
            const facts = t('builder.revisions.row', { at: formatDateTime(entry.at, i18n.language), name: entry.by.name });
            return (
              <li key={entry.id} aria-current={entry.version === viewing ? 'page' : undefined}>
                <strong>{t('builder.revisions.name', { version: entry.version })}</strong>
                {entry.version === template.version && ` (${t('builder.revisions.current')})`} · {facts}
                {entry.action === 'update' && fields !== '' && <span className="inspection-help"> · {t('builder.revisions.changed', { fields })}</span>}{' '}
                {entry.version !== viewing && (
                  <Link to={templateHref(template.id, entry.version === template.version ? undefined : entry.version)}>
                    {t('builder.revisions.view', { version: entry.version })}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}

/** Above an older revision shown read only. */
export function OlderRevisionBanner({ revision, current, canBuild }: { revision: Template; current: Template; canBuild: boolean }) {
  const { t } = useTranslation('questionnaires');
  const [queued, setQueued] = useState(false);
  const makeCurrent = async () => {
    try {
      await queueUpdateTemplate(current, fromTemplate(revision));
      setQueued(true);
      showSavedToast(t('builder.revisions.restored', { version: revision.version }));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  return (
    <div className="builder-banner" role="note">
      <p>{t('builder.revisions.viewing', { version: revision.version, current: current.version })}</p>
      <Link to={templateHref(current.id)}>{t('builder.revisions.back', { version: current.version })}</Link>
      {canBuild && (
        <IonButton fill="outline" disabled={queued} onClick={() => void makeCurrent()}>
          {t('builder.revisions.make_current', { version: revision.version })}
        </IonButton>
      )}
    </div>
  );
}
