/**
 * A job as its owner follows it: waiting to be sent (the outbox holds it: offline, or not yet
 * delivered), queued, running with its progress, done with its file (until it expires) or
 * failed with its reason.
 */
import { IonButton, IonProgressBar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../../common/modules/importExport/schemas';
import { formatDateTime } from '../../../lib/dates';
import { downloadApiFile } from '../../../lib/download';
import { usePendingWrites } from '../../../lib/outbox/hooks';
import { IMPORT_EXPORT_MODULE, useJob } from '../api';

export function JobProgress({ id, onDone }: { id: string; onDone?: (job: Job) => void }) {
  const { t, i18n } = useTranslation('importExport');
  const pending = usePendingWrites(IMPORT_EXPORT_MODULE, id);
  const item = pending[0];
  const { data: job } = useJob(id, item === undefined);
  if (item !== undefined) {
    return (
      <div className="import-export-job" role="status">
        <p>{item.state === 'failed' ? t('job.send_failed', { reason: t(item.lastError ?? 'importExport.job_failed', { ns: 'common' }) }) : t('job.waiting')}</p>
      </div>
    );
  }
  if (job === undefined) return <IonProgressBar type="indeterminate" aria-label={t('job.queued')} />;
  if (job.state === 'done' && onDone) queueMicrotask(() => onDone(job));
  return (
    <div className="import-export-job" role="status" aria-live="polite">
      {(job.state === 'queued' || job.state === 'running') && (
        <>
          <p>{t(`job.${job.state}`, { progress: job.progress })}</p>
          <IonProgressBar value={job.progress / 100} aria-label={t('job.progress', { progress: job.progress })} />
        </>
      )}
      {job.state === 'failed' && <p className="import-export-error">{t('job.failed', { reason: t(job.errorKey ?? 'importExport.job_failed', { ns: 'common' }) })}</p>}
      {job.state === 'done' && (
        <>
          <p>{t('job.done')}</p>
          {job.file !== null && (
            <IonButton onClick={() => void downloadApiFile(`import-export/jobs/${job.id}/file`, undefined, job.file!.name)}>
              {t('job.download', { name: job.file.name })}
            </IonButton>
          )}
          {job.expiresAt !== null && job.file !== null && <p className="import-export-note">{t('job.expires', { date: formatDateTime(job.expiresAt, i18n.language) })}</p>}
        </>
      )}
    </div>
  );
}
