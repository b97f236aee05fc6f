/**
 * "Keep the whole tour on this device" (../keep.ts): its size and the device's storage first,
 * then the download with its progress; kept: what it holds, brought up to date or removed; cut
 * short (a reload, the network lost): taken up again without downloading what is there.
 */
import { IonButton } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TourDownload } from '../../../../common/modules/view360/schemas';
import { formatBytes } from '../../../lib/format-bytes';
import { forgetTour, keepTour, keptTour, storageEstimate, tourDownload, type KeptTour } from '../keep';

export function KeepTour({ siteId }: { siteId: string }) {
  const { t, i18n } = useTranslation('view360');
  const [kept, setKept] = useState<KeptTour | null | undefined>(undefined);
  const [asking, setAsking] = useState<{ download: TourDownload; estimate: { usage: number; quota: number } | null } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    void keptTour(siteId).then((k) => live && setKept(k));
    return () => {
      live = false;
    };
  }, [siteId]);
  const size = (n: number) => formatBytes(n, i18n.language);

  const keep = async (known?: TourDownload) => {
    setAsking(null);
    setError(false);
    setProgress(0);
    try {
      const download = known ?? (await tourDownload(siteId));
      setKept(await keepTour(download, (done, total) => setProgress(total === 0 ? 1 : done / total)));
    } catch {
      setError(true);
      setKept(await keptTour(siteId));
    } finally {
      setProgress(null);
    }
  };
  const ask = async () => {
    setError(false);
    try {
      const [download, estimate] = await Promise.all([tourDownload(siteId), storageEstimate()]);
      setAsking({ download, estimate });
    } catch {
      setError(true);
    }
  };
  if (kept === undefined) return null;
  const busy = progress !== null;

  return (
    <section className="view360-keep" aria-label={t('keep.title')}>
      <h2>{t('keep.title')}</h2>
      {kept?.state === 'kept' ? (
        <>
          <p role="status">
            {t('keep.kept', { size: size(kept.bytes), count: kept.urls.length })}
            {kept.pending > 0 && ` ${t('keep.pending', { count: kept.pending })}`}
          </p>
          <div className="view360-toolbar">
            <IonButton fill="outline" disabled={busy} onClick={() => void keep()}>
              {t('keep.update')}
            </IonButton>
            <IonButton fill="outline" color="danger" disabled={busy} onClick={() => void forgetTour(siteId).then(() => setKept(null))}>
              {t('keep.remove')}
            </IonButton>
          </div>
        </>
      ) : asking ? (
        <div className="view360-keep-confirm">
          <p>{t('keep.size', { size: size(asking.download.bytes), count: asking.download.images.length })}</p>
          {asking.download.pending > 0 && <p>{t('keep.pending', { count: asking.download.pending })}</p>}
          {asking.estimate && <p>{t('keep.quota', { used: size(asking.estimate.usage), quota: size(asking.estimate.quota) })}</p>}
          <div className="view360-toolbar">
            <IonButton onClick={() => void keep(asking.download)}>{t('keep.confirm')}</IonButton>
            <IonButton fill="outline" onClick={() => setAsking(null)}>
              {t('cancel')}
            </IonButton>
          </div>
        </div>
      ) : (
        <>
          {kept?.state === 'keeping' && !busy && <p>{t('keep.interrupted', { size: size(kept.bytes) })}</p>}
          <div className="view360-toolbar">
            {kept?.state === 'keeping' ? (
              <>
                <IonButton disabled={busy} onClick={() => void keep()}>
                  {t('keep.resume')}
                </IonButton>
                <IonButton fill="outline" color="danger" disabled={busy} onClick={() => void forgetTour(siteId).then(() => setKept(null))}>
                  {t('keep.remove')}
                </IonButton>
              </>
            ) : (
              <IonButton fill="outline" disabled={busy} onClick={() => void ask()}>
                {t('keep.action')}
              </IonButton>
            )}
          </div>
        </>
      )}
      {busy && <p role="status">{t('keep.progress', { percent: Math.round(progress * 100) })}</p>}
      {error && <p role="alert">{t('keep.failed')}</p>}
    </section>
  );
}
