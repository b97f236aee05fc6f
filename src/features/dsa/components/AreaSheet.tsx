/**
 * An area's sheet (/dsa/dsaView/$areaId): its site and counterpart; its upload-only links (state
 * active / expired / revoked, types, quota used, expiry, the address on the device that made it
 * to copy; revoke, extend; a new link with its types, quota and days); the deposits (who, when,
 * from where, size, type; download; move into a site's folder, then marked moved with where);
 * the district's documents (uploaded through the outbox; shared for reading through a
 * third-party link); the history. Every write goes through the outbox, shown at once as waiting.
 */
import { IonButton } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DSA_FILE_GROUPS,
  DSA_LINK_DEFAULT_DAYS,
  DSA_LINK_MAX_DAYS,
  DSA_QUOTA_DEFAULT,
  type Area,
  type Deposit,
  type DsaFileGroup,
  type DsaLink,
} from '../../../../common/modules/dsa/schemas';
import { CopyableLink } from '../../../components/CopyableLink';
import { ModulePage } from '../../../components/module/ModulePage';
import { NavButton } from '../../../components/module/RecordPages';
import { RecordAttachments } from '../../../components/module/RecordAttachments';
import { HistoryList, RecordFields, RecordSection, RecordSheet } from '../../../components/module/RecordSheet';
import { SheetPlaceholder } from '../../../components/module/SheetPlaceholder';
import { StatusChip, type StatusTone } from '../../../components/module/StatusChip';
import { useKeptRecord } from '../../../components/module/kept-record';
import { WaitingMark } from '../../../components/WaitingMark';
import { formatDateTime } from '../../../lib/dates';
import { formatBytes } from '../../../lib/format-bytes';
import { downloadApiFile } from '../../../lib/download';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { lazyPart } from '../../../lib/lazy-part';
import { modulePart } from '../../../lib/module-parts';
import { useOnDelivered, usePendingChanges, useServerMayHave, withPendingRecord, type PendingWrite } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { showSavedToast } from '../../../lib/saved-toast';
import { showToast } from '../../../lib/toast';
import { AREA_HISTORY_FIELDS } from '../history-fields';
import { areas, DSA_MODULE, dropUrl, onDropUrls, queueLinkCreate, queueLinkExtend, queueLinkRevoke, queueMove, siteChoicesQueryOptions, WRITES } from '../kinds';
import { shareAreaHref } from '../share';

const SiteFolderPicker = lazyPart(modulePart('SiteFolderPicker'));
const DAY = 86_400_000;
const QUOTAS = [100_000_000, DSA_QUOTA_DEFAULT, 1_000_000_000];
const DAYS = [7, DSA_LINK_DEFAULT_DAYS, 30, DSA_LINK_MAX_DAYS];
const STATE_TONES: Record<DsaLink['state'], StatusTone> = { active: 'success', expired: 'warning', revoked: 'danger' };

function fromCreate(payload: Partial<Area> & { id: string; name: string }): Area {
  const nobody = { id: '00000000-0000-4000-8000-000000000000', name: '' };
  const now = new Date().toISOString();
  return { districtId: '', version: 1, createdAt: now, createdBy: nobody, updatedAt: now, updatedBy: nobody, deletedAt: null, siteId: null, counterpartName: '', counterpartEmail: '', siteName: null, files: [], links: [], deposits: [], ...payload };
}

export function AreaSheet({ areaId, onBack, onEdit }: { areaId: string; onBack?: (() => void) | undefined; onEdit: () => void }) {
  const { t } = useTranslation('dsa');
  const query = useQuery({ ...areas.recordQueryOptions(areaId), enabled: useServerMayHave(areas.writeKinds.create, areaId) });
  const writes = usePendingChanges(DSA_MODULE).filter((write) => write.item.recordId === areaId);
  const server = query.data;
  const overlaid = withPendingRecord(server, areas.ownWrites(writes));
  const area = useKeptRecord(overlaid === undefined ? undefined : server === undefined ? fromCreate(overlaid as Area) : (overlaid as Area), query.isFetching);
  if (area === undefined) return <SheetPlaceholder title={t('sheet.title')} onBack={onBack} query={query} offlineText={t('sheet.offline_missing')} loadingLabel={t('sheet.loading')} />;
  return <AreaSheetView area={area} onServer={server !== undefined} writes={writes} pending={overlaid?.pending} onBack={onBack} onEdit={onEdit} />;
}

interface ViewProps {
  area: Area;
  onServer: boolean;
  writes: PendingWrite[];
  pending: Parameters<typeof WaitingMark>[0]['pending'] | undefined;
  onBack?: (() => void) | undefined;
  onEdit: () => void;
}

function AreaSheetView({ area, onServer, writes, pending, onBack, onEdit }: ViewProps) {
  const { t, i18n } = useTranslation('dsa');
  const queryClient = useQueryClient();
  // A link made, extended or revoked, a deposit moved: the sheet reads the area again once the
  // write reached the server (its waiting line then gives way to the server's).
  useOnDelivered(DSA_MODULE, () => void queryClient.invalidateQueries({ queryKey: areas.keys.detail(area.id) }));
  const manager = can(useEnvelope((state) => state.rights), 'dsa', 'manage');
  const editable = manager && area.deletedAt === null && onServer;
  const filesId = useId();
  const empty = t('sheet.empty');
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSavedToast(t(done));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };
  const addFiles = (list: FileList | null) => {
    const files = [...(list ?? [])].map((file) => ({ blob: file, name: file.name, type: file.type || 'application/octet-stream' }));
    if (files.length > 0) void act(() => areas.queueAttach(area, files), 'sheet.files_queued');
  };
  const share = area.siteId !== null ? shareAreaHref(area.siteId, area.id, area.counterpartEmail) : null;
  const pendingOf = (kind: string) => writes.filter((w) => w.item.kind === kind).map((w) => w.payload as Record<string, string>);

  return (
    <ModulePage
      title={t('sheet.title')}
      onBack={onBack}
      actions={
        <>
          {editable && <IonButton onClick={onEdit}>{t('sheet.edit')}</IonButton>}
          {onServer && share !== null && area.files.length > 0 && (
            <NavButton href={share} outline>
              {t('sheet.share_reading')}
            </NavButton>
          )}
        </>
      }
    >
      <RecordSheet label={area.name}>
        {pending !== undefined && (
          <p className="dsa-marks">
            <WaitingMark pending={pending} />
          </p>
        )}
        <RecordSection title={t('sheet.exchange')}>
          <RecordFields
            fields={[
              { label: t('field.site'), value: area.siteName ?? empty },
              { label: t('field.counterpartName'), value: area.counterpartName || empty },
              { label: t('field.counterpartEmail'), value: area.counterpartEmail || empty },
            ]}
          />
        </RecordSection>
        <RecordSection title={t('links.title')}>
          <LinksPanel area={area} editable={editable} waiting={pendingOf(WRITES.linkCreate)} extending={pendingOf(WRITES.linkExtend).concat(pendingOf(WRITES.linkRevoke))} act={act} />
        </RecordSection>
        <RecordSection title={t('deposits.title')}>
          <DepositsPanel area={area} editable={editable} moving={pendingOf(WRITES.move)} act={act} />
        </RecordSection>
        <RecordSection title={t('sheet.documents')}>
          <p className="dsa-hint">{t('sheet.documents_hint')}</p>
          {onServer && (
            <RecordAttachments module={DSA_MODULE} recordId={area.id} attachments={area.files} manage={editable} onDelivered={() => void queryClient.invalidateQueries({ queryKey: areas.keys.detail(area.id) })} />
          )}
          {editable && (
            <label className="record-form-select" htmlFor={filesId}>
              {t('sheet.add_files')}
              <input id={filesId} type="file" multiple onChange={(event) => addFiles(event.target.files)} />
            </label>
          )}
        </RecordSection>
        {onServer && (
          <RecordSection title={t('sheet.history')}>
            <HistoryList query={areas.historyQueryOptions(area.id)} fields={AREA_HISTORY_FIELDS} />
          </RecordSection>
        )}
        <p className="dsa-hint">{formatDateTime(area.updatedAt, i18n.language)}</p>
      </RecordSheet>
    </ModulePage>
  );
}

type Act = (action: () => Promise<unknown>, done: string) => Promise<void>;

function LinksPanel({ area, editable, waiting, extending, act }: { area: Area; editable: boolean; waiting: Record<string, string>[]; extending: Record<string, string>[]; act: Act }) {
  const { t, i18n } = useTranslation('dsa');
  const [, setVersion] = useState(0);
  useEffect(() => onDropUrls(() => setVersion((v) => v + 1)), []);
  const [types, setTypes] = useState<DsaFileGroup[]>(['pdf']);
  const [quota, setQuota] = useState(DSA_QUOTA_DEFAULT);
  const [days, setDays] = useState(DSA_LINK_DEFAULT_DAYS);
  const quotaId = useId();
  const daysId = useId();
  const create = () => {
    if (types.length === 0) return;
    void act(() => queueLinkCreate(area.id, { id: crypto.randomUUID(), types, quotaBytes: quota, expiresAt: new Date(Date.now() + days * DAY).toISOString() }), 'links.created');
  };
  const known = new Set(area.links.map((l) => l.id));
  return (
    <div className="dsa-links">
      {area.links.length === 0 && waiting.length === 0 && <p>{t('links.none')}</p>}
      <ul className="dsa-list">
        {waiting
          .filter((w) => !known.has(w.id!))
          .map((w) => (
            <li key={w.id} className="dsa-item">
              <strong>{t('links.new_waiting')}</strong> <WaitingMark />
            </li>
          ))}
        {area.links.map((link) => {
          const url = dropUrl(link.id);
          const busy = extending.some((w) => w.linkId === link.id);
          return (
            <li key={link.id} className="dsa-item" data-link-state={link.state}>
              <span className="dsa-item-head">
                <StatusChip label={t(`links.state_${link.state}`)} tone={STATE_TONES[link.state]} />
                {busy && <WaitingMark />}
              </span>
              <span>{link.types.map((g) => t(`types.${g}`)).join(', ')}</span>
              <span>
                {t('links.quota', { used: formatBytes(link.usedBytes, i18n.language), quota: formatBytes(link.quotaBytes, i18n.language) })} · {t('links.deposits', { count: link.deposits })}
              </span>
              <span>{t(link.state === 'expired' ? 'links.expired_on' : 'links.expires', { at: formatDateTime(link.expiresAt, i18n.language) })}</span>
              {link.state === 'active' && url !== null && <CopyableLink url={url} label={t('links.address')} copy={t('links.copy')} copied={t('links.copied')} copyFailed={t('links.copy_failed')} />}
              {link.state === 'active' && url === null && <span className="dsa-hint">{t('links.address_elsewhere')}</span>}
              {editable && link.state !== 'revoked' && (
                <span className="dsa-actions">
                  <IonButton fill="outline" size="small" onClick={() => void act(() => queueLinkExtend(area.id, link.id, new Date(Date.now() + DSA_LINK_DEFAULT_DAYS * DAY).toISOString()), 'links.extended')}>
                    {t('links.extend', { count: DSA_LINK_DEFAULT_DAYS })}
                  </IonButton>
                  {link.state === 'active' && (
                    <IonButton fill="outline" color="danger" size="small" onClick={() => void act(() => queueLinkRevoke(area.id, link.id), 'links.revoked')}>
                      {t('links.revoke')}
                    </IonButton>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {editable && (
        <fieldset className="dsa-new-link">
          <legend>{t('links.new')}</legend>
          <div className="dsa-types">
            {DSA_FILE_GROUPS.map((group) => (
              <label key={group}>
                <input type="checkbox" checked={types.includes(group)} onChange={(event) => setTypes(event.target.checked ? [...types, group] : types.filter((g) => g !== group))} /> {t(`types.${group}`)}
              </label>
            ))}
          </div>
          <label className="record-form-select" htmlFor={quotaId}>
            {t('links.quota_label')}
            <select id={quotaId} value={quota} onChange={(event) => setQuota(Number(event.target.value))}>
              {QUOTAS.map((q) => (
                <option key={q} value={q}>
                  {formatBytes(q, i18n.language)}
                </option>
              ))}
            </select>
          </label>
          <label className="record-form-select" htmlFor={daysId}>
            {t('links.days_label')}
            <select id={daysId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  {t('links.days', { count: d })}
                </option>
              ))}
            </select>
          </label>
          <IonButton onClick={create} disabled={types.length === 0}>
            {t('links.create')}
          </IonButton>
        </fieldset>
      )}
    </div>
  );
}

function DepositsPanel({ area, editable, moving, act }: { area: Area; editable: boolean; moving: Record<string, string>[]; act: Act }) {
  const { t, i18n } = useTranslation('dsa');
  const [open, setOpen] = useState<string | null>(null);
  if (area.deposits.length === 0) return <p>{t('deposits.none')}</p>;
  const download = (deposit: Deposit) =>
    void downloadApiFile(deposit.url.replace(/^\/api\//, ''), undefined, deposit.name).catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  return (
    <ul className="dsa-list">
      {area.deposits.map((deposit) => {
        const waiting = moving.some((m) => m.depositId === deposit.id);
        return (
          <li key={deposit.id} className="dsa-item" data-deposit={deposit.name}>
            <span className="dsa-item-head">
              <strong>{deposit.name}</strong>
              {!deposit.complete && <StatusChip label={t('deposits.incomplete')} tone="warning" />}
              {deposit.movedTo !== null && <StatusChip label={t('deposits.moved', { to: deposit.movedTo })} tone="info" />}
              {waiting && <WaitingMark />}
            </span>
            <span>
              {formatBytes(deposit.size, i18n.language)} · {deposit.type}
            </span>
            <span>
              {t('deposits.by', { name: deposit.depositorName, at: formatDateTime(deposit.createdAt, i18n.language) })}
              {deposit.depositorEmail !== '' && ` · ${deposit.depositorEmail}`}
            </span>
            <span className="dsa-hint">{t('deposits.from', { address: deposit.address || '—' })}</span>
            {deposit.complete && (
              <span className="dsa-actions">
                <IonButton fill="outline" size="small" onClick={() => download(deposit)}>
                  {t('deposits.download')}
                </IonButton>
                {editable && deposit.movedTo === null && !waiting && (
                  <IonButton fill="outline" size="small" onClick={() => setOpen(open === deposit.id ? null : deposit.id)} aria-expanded={open === deposit.id}>
                    {t('deposits.move')}
                  </IonButton>
                )}
              </span>
            )}
            {open === deposit.id && <MoveForm area={area} deposit={deposit} onDone={() => setOpen(null)} act={act} />}
          </li>
        );
      })}
    </ul>
  );
}

function MoveForm({ area, deposit, onDone, act }: { area: Area; deposit: Deposit; onDone: () => void; act: Act }) {
  const { t } = useTranslation('dsa');
  const sites = useQuery(siteChoicesQueryOptions());
  const [siteId, setSiteId] = useState(area.siteId ?? '');
  const [folder, setFolder] = useState<{ id: string; path: string } | null>(null);
  const siteSelect = useId();
  const siteName = sites.data?.find((s) => s.id === siteId)?.name ?? area.siteName ?? '';
  const move = () => {
    if (folder === null) return;
    void act(() => queueMove(area.id, deposit.id, folder.id, `${siteName} / ${folder.path}`), 'deposits.move_queued').then(onDone);
  };
  return (
    <div className="dsa-move">
      <label className="record-form-select" htmlFor={siteSelect}>
        {t('field.site')}
        <select
          id={siteSelect}
          value={siteId}
          onChange={(event) => {
            setSiteId(event.target.value);
            setFolder(null);
          }}
        >
          <option value="">—</option>
          {(sites.data ?? []).map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </select>
      </label>
      {siteId !== '' && <SiteFolderPicker key={siteId} siteId={siteId} label={t('deposits.folder')} value={folder?.id ?? ''} onChange={setFolder} />}
      <IonButton onClick={move} disabled={folder === null}>
        {t('deposits.move_here')}
      </IonButton>
    </div>
  );
}
