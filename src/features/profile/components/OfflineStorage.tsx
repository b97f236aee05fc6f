/**
 * "Offline on this device" on the profile page (MODULES.md "Reads, offline"): what is kept
 * for reading without network, per module (queries, records, size), the writes waiting to be
 * sent and the size of their attachments, the browser's storage quota and usage
 * (navigator.storage.estimate()), whether the storage is persistent, and a button asking the
 * browser for persistent storage (navigator.storage.persist()) while it is not. Each figure
 * is read when the section shows; a browser without the API shows what it can.
 */
import { IonButton } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { basemapStats, type BasemapStats } from '../../../lib/basemap-cache';
import { formatBytes } from '../../../lib/format-bytes';
import { offlineCacheStats, type OfflineModuleStats } from '../../../lib/offline-reads';
import { attachmentBytes } from '../../../lib/outbox/db';
import { usePendingCount } from '../../../lib/outbox/hooks';
import { formatDate } from '../../../lib/dates';

interface Usage {
  usage: number;
  quota: number;
}

export function OfflineStorage() {
  const { t, i18n } = useTranslation();
  const pending = usePendingCount();
  const [modules, setModules] = useState<OfflineModuleStats[] | null>(null);
  const [blobs, setBlobs] = useState(0);
  const [basemap, setBasemap] = useState<BasemapStats | null>(null);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  const [refused, setRefused] = useState(false);
  const storage = globalThis.navigator?.storage;

  useEffect(() => {
    let alive = true;
    offlineCacheStats().then(
      (stats) => alive && setModules(stats),
      () => alive && setModules([]),
    );
    // The map's basemap kept by the service worker (its tiles and style), beside the reads.
    basemapStats().then(
      (stats) => alive && setBasemap(stats),
      () => undefined,
    );
    storage?.estimate?.().then(
      (estimate) => alive && setUsage({ usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 }),
      () => undefined,
    );
    storage?.persisted?.().then(
      (value) => alive && setPersisted(value),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [storage]);

  // The attachments waiting change with the outbox.
  useEffect(() => {
    let alive = true;
    attachmentBytes().then(
      (bytes) => alive && setBlobs(bytes),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [pending]);

  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const hasBasemap = basemap !== null && basemap.entries > 0;
  const askPersistence = async () => {
    const granted = (await storage?.persist?.().catch(() => false)) ?? false;
    setPersisted(granted);
    setRefused(!granted);
  };

  return (
    <section className="profile-offline" aria-labelledby="profile-offline-title">
      <h2 id="profile-offline-title">{t('offline.title')}</h2>
      <p>{t('offline.intro')}</p>
      {modules !== null && modules.length === 0 && !hasBasemap && <p>{t('offline.none')}</p>}
      {modules !== null && (modules.length > 0 || hasBasemap) && (
        <table className="profile-offline-table">
          <thead>
            <tr>
              <th scope="col">{t('offline.module')}</th>
              <th scope="col">{t('offline.queries')}</th>
              <th scope="col">{t('offline.records')}</th>
              <th scope="col">{t('offline.size')}</th>
            </tr>
          </thead>
          <tbody>
            {modules.map((m) => (
              <tr key={m.module}>
                <th scope="row">{t(`modules.${m.module}`, { defaultValue: m.module })}</th>
                <td>{m.queries}</td>
                <td>{m.records}</td>
                <td>{size(m.bytes)}</td>
              </tr>
            ))}
            {basemap !== null && hasBasemap && (
              <tr data-testid="offline-basemap">
                <th scope="row">{t('offline.basemap')}</th>
                <td>{t('offline.basemap_tiles', { count: basemap.entries })}</td>
                <td>{basemap.kept === null ? '' : t('offline.basemap_kept', { date: formatDate(basemap.kept.keptAt, i18n.language) })}</td>
                <td>{size(basemap.bytes)}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <p data-testid="offline-pending">{pending > 0 ? t('offline.pending_writes', { count: pending }) : t('offline.pending_none')}</p>
      {blobs > 0 && <p>{t('offline.attachments', { size: size(blobs) })}</p>}
      <p data-testid="offline-usage">
        {usage === null ? t('offline.usage_unknown') : t('offline.usage', { usage: size(usage.usage), quota: size(usage.quota) })}
      </p>
      {persisted !== null && <p data-testid="offline-persisted">{t(persisted ? 'offline.persistent' : 'offline.not_persistent')}</p>}
      {persisted === false && storage?.persist !== undefined && (
        <IonButton fill="outline" onClick={() => void askPersistence()}>
          {t('offline.persist')}
        </IonButton>
      )}
      {refused && <p role="status">{t('offline.persist_refused')}</p>}
    </section>
  );
}
