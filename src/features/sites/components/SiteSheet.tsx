/**
 * A site's sheet (/site/$siteId): general information (name, description, address, GPS with
 * links to open it in a map app, owner), its type, its 3D and 360 stages (each panorama in an
 * interactive 360° viewer, its code loaded only when opened), its files and photos (managers
 * add photos, offline too: SitePhotos, and delete files: RecordAttachments), its history, and
 * "raise an emergency alert for this site" for those with the emergency right, and "report on
 * this site" for those who report declarations (the Declarations form, this site chosen).
 * Managers edit, delete or restore it and manage its stages. Pending writes of this device
 * are laid over the server's copy and marked as waiting.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { declarations } from '../../../../common/modules/declarations';
import type { Site, SiteStage } from '../../../../common/modules/sites/schemas';
import { ConfirmBar } from '../../../components/module/ConfirmBar';
import { ModulePage } from '../../../components/module/ModulePage';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { RecordAttachments } from '../../../components/module/RecordAttachments';
import { RecordPanels } from '../../../components/module/RecordPanels';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { StatusChip } from '../../../components/module/StatusChip';
import { ApiImage, openApiImage } from '../../../components/ApiImage';
import { WaitingMark } from '../../../components/WaitingMark';
import { requestEmergencyAlert } from '../../../lib/emergency-request';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { lazyPart } from '../../../lib/lazy-part';
import { usePendingChanges, useServerMayHave } from '../../../lib/outbox';
import { useKeptRecord } from '../../../components/module/kept-record';
import { can } from '../../../lib/rights';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { siteHistoryQueryOptions } from '../api/get-site-history';
import { SITE_HISTORY_FIELDS } from '../history-fields';
import { siteQueryOptions } from '../api/get-site';
import { sitesKeys } from '../api/keys';
import { applyPending, hasConflict, isWaiting, pendingCreatedSite } from '../pending';
import { queueDeleteSite, queueRestoreSite } from '../writes';
import { SitePhotos } from './SitePhotos';
import { formatPosition } from '../../../lib/numbers';
import './sites.css';

const PanoramaViewer = lazy(() => import('./PanoramaViewer').then((m) => ({ default: m.PanoramaViewer })));
// Managers only: the readers' sheet carries none of it (nor the contract's schemas it checks with).
// A part, not React.lazy: offline before the service worker holds its code, the sheet shows
// without it (the stages stay listed above) instead of failing whole; each sheet opened tries again.
const StagesManager = lazyPart(() => import('./StagesManager').then((m) => m.StagesManager));

export interface SiteSheetProps {
  siteId: string;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

export function SiteSheet({ siteId, onBack, onEdit }: SiteSheetProps) {
  const { t } = useTranslation('sites');
  const query = useQuery({ ...siteQueryOptions(siteId), enabled: useServerMayHave('sites.create', siteId) });
  const pending = usePendingChanges('sites', siteId);
  const server = query.data;
  const site = useKeptRecord(server === undefined ? pendingCreatedSite(siteId, pending) : applyPending(server, pending), query.isFetching);

  if (site === undefined) return <SheetPlaceholder title={t('sheet.title')} onBack={onBack} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  return <SiteSheetView site={site} serverSite={server} waiting={isWaiting(siteId, pending)} conflict={hasConflict(siteId, pending)} onBack={onBack} onEdit={onEdit} />;
}

function mapLinks(gps: { lat: number; lng: number }) {
  return {
    app: `geo:${gps.lat},${gps.lng}`,
    web: `https://www.openstreetmap.org/?mlat=${gps.lat}&mlon=${gps.lng}#map=17/${gps.lat}/${gps.lng}`,
  };
}

interface ViewProps {
  site: Site;
  serverSite: Site | undefined;
  waiting: boolean;
  conflict: boolean;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

function SiteSheetView({ site, serverSite, waiting, conflict, onBack, onEdit }: ViewProps) {
  const { t, i18n } = useTranslation('sites');
  const rights = useEnvelope((state) => state.rights);
  const manager = can(rights, 'sites', 'manage');
  // A manager's stage tools: fetched with the sheet (again if an earlier try failed offline).
  useEffect(() => {
    if (manager) void StagesManager.preload();
  }, [manager]);
  const emergency = can(rights, 'emergency');
  // Report a declaration on this site (the Declarations module's form, the site chosen).
  const declare = can(rights, 'declarations');
  const router = useRouter();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleted = site.deletedAt !== null;
  const empty = t('sheet.empty');
  const queryClient = useQueryClient();

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };

  const actions = (
    <>
      {emergency && !deleted && (
        <IonButton color="danger" onClick={() => requestEmergencyAlert(site.id)}>
          {t('sheet.emergency')}
        </IonButton>
      )}
      {declare && !deleted && (
        <IonButton fill="outline" onClick={() => void router.navigate({ href: `/${declarations.prefix}/new?site=${encodeURIComponent(site.id)}` })}>
          {t('sheet.declare')}
        </IonButton>
      )}
      {manager && !deleted && serverSite !== undefined && <IonButton onClick={onEdit}>{t('sheet.edit')}</IonButton>}
      {manager && !deleted && serverSite !== undefined && (
        <IonButton color="danger" fill="outline" onClick={() => setConfirmDelete(true)}>
          {t('sheet.delete')}
        </IonButton>
      )}
      {manager && deleted && serverSite !== undefined && (
        <IonButton onClick={() => void act(() => queueRestoreSite(site), 'sheet.restored')}>{t('sheet.restore')}</IonButton>
      )}
    </>
  );

  const threeD = site.stages.filter((s) => s.kind === 'threeD').sort((a, b) => a.position - b.position);
  const threeSixty = site.stages.filter((s) => s.kind === 'threeSixty').sort((a, b) => a.position - b.position);
  // A stage's image is one of the site's attachments: it goes with its stage, not from the files.
  const stageImages = new Set(site.stages.map((s) => s.imageUrl?.match(/\/attachments\/([^/]+)$/)?.[1]).filter((id) => id !== undefined));

  return (
    <ModulePage title={site.name} onBack={onBack} actions={actions}>
      <RecordSheet label={site.name}>
        {(waiting || deleted) && (
          <p className="site-sheet-marks">
            {deleted && <StatusChip label={t('sheet.deleted')} tone="danger" />}
            {waiting && <WaitingMark variant={conflict ? 'conflict' : 'waiting'} />}
          </p>
        )}
        {confirmDelete && (
          <ConfirmBar
            className="site-confirm"
            question={t('sheet.delete_confirm', { name: site.name })}
            confirmLabel={t('sheet.delete_yes')}
            cancelLabel={t('sheet.cancel')}
            onConfirm={() => void act(() => queueDeleteSite(site), 'sheet.deleted_done')}
            onCancel={() => setConfirmDelete(false)}
          />
        )}
        <RecordSection title={t('sheet.general')}>
          <RecordFields
            fields={[
              { label: t('field.description'), value: site.description || empty },
              { label: t('field.address'), value: site.address || empty },
              {
                label: t('field.gps'),
                value:
                  site.gps === null ? (
                    empty
                  ) : (
                    <>
                      {formatPosition(site.gps, i18n.language)}{' '}
                      <a href={mapLinks(site.gps).app}>{t('sheet.open_map_app')}</a>{' · '}
                      <a href={mapLinks(site.gps).web} target="_blank" rel="noopener">
                        {t('sheet.open_map_web')}
                      </a>
                    </>
                  ),
              },
              { label: t('field.ownerName'), value: site.ownerName || empty },
              { label: t('field.siteTypeId'), value: site.siteTypeName ?? empty },
            ]}
          />
        </RecordSection>
        <RecordPanels host="sites" recordId={site.id} />
        <RecordSection title={t('sheet.stages_3d')}>
          <StageList stages={threeD} />
        </RecordSection>
        <RecordSection title={t('sheet.stages_360')}>
          <StageList stages={threeSixty} panoramas />
        </RecordSection>
        {manager && !deleted && serverSite !== undefined && (
          <Suspense fallback={null}>
            <StagesManager site={serverSite} />
          </Suspense>
        )}
        <RecordSection title={t('sheet.files')}>
          <RecordAttachments
            module="sites"
            recordId={site.id}
            attachments={site.attachments}
            manage={manager && !deleted && serverSite !== undefined}
            canDelete={(file) => !stageImages.has(file.id)}
            onDelivered={() => {
              void queryClient.invalidateQueries({ queryKey: sitesKeys.detail(site.id) });
              void queryClient.invalidateQueries({ queryKey: sitesKeys.history(site.id) });
            }}
          />
          <SitePhotos site={site} canAdd={manager && !deleted} />
        </RecordSection>
        {serverSite !== undefined && (
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={siteHistoryQueryOptions(site.id)} fields={SITE_HISTORY_FIELDS} />
          </RecordSection>
        )}
      </RecordSheet>
    </ModulePage>
  );
}

function StageList({ stages, panoramas = false }: { stages: readonly SiteStage[]; panoramas?: boolean }) {
  const { t } = useTranslation('sites');
  const [open, setOpen] = useState<string | null>(null);
  if (stages.length === 0) return <p>{t('sheet.no_stages')}</p>;
  return (
    <ul className="named-records">
      {stages.map((stage) => (
        <li key={stage.id}>
          <div className="named-record site-stage">
            <ApiImage src={stage.thumbnailUrl} width={64} height={64} />
            <span className="named-record-name">{stage.name}</span>
            {stage.imageUrl === null ? (
              <span className="site-stage-note">{t('sheet.no_image')}</span>
            ) : panoramas ? (
              <IonButton fill="outline" onClick={() => setOpen(open === stage.id ? null : stage.id)}>
                {open === stage.id ? t('sheet.hide_360') : t('sheet.show_360', { name: stage.name })}
              </IonButton>
            ) : (
              <IonButton fill="clear" onClick={() => openApiImage(stage.imageUrl!, (error) => showToast({ message: describeApiError(error), kind: 'danger' }))}>
                {t('sheet.open_image', { name: stage.name })}
              </IonButton>
            )}
          </div>
          {panoramas && open === stage.id && stage.imageUrl !== null && (
            <Suspense fallback={<IonSpinner name="crescent" aria-label={t('panorama.loading')} />}>
              <PanoramaViewer imageUrl={stage.imageUrl} name={stage.name} />
            </Suspense>
          )}
        </li>
      ))}
    </ul>
  );
}
