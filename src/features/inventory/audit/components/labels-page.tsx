/**
 * /inventory-v2/labels (managers: a chunk of their own): a sheet of QR labels to print. The items
 * are those the address names (`?ids=a,b,c`, the equipment list's selection; the equipment
 * list's filters, `?search=&site=&category=&article=&status=&check=`, from its "Print labels";
 * or `?siteId=&room=`) or those of a site and room chosen here; a label format (Avery L7160, L7163, L7651, or 70×37
 * mm); the position of the first free label on a sheet used before. The server draws the A4 PDF
 * (POST /api/inventory/labels.pdf); the preview lists the items it will hold. Online only: the
 * PDF is made by the server.
 */
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LABEL_FORMAT_IDS, LABEL_FORMATS, labelsPerSheet, type LabelFormat, type LabelItem } from '../../../../../common/modules/inventory/audit';
import { ModulePage } from '../../../../components/module';
import { api, apiGet } from '../../../../lib/api-client';
import { useConnectionState } from '../../../../lib/connectivity';
import { saveResponse } from '../../../../lib/download';
import { describeApiError } from '../../../../lib/error-messages';
import { showToast } from '../../../../lib/toast';
import { useScanIndex } from '../api';
import './audit.css';
import { isUuid } from '../../../../../common/uuid';

/** The equipment list's filters the labels take (common/modules/inventory/catalog.ts EquipmentFilter). */
const LIST_FILTERS = ['search', 'site', 'category', 'article', 'status', 'check', 'tag', 'serial'] as const;

/** The list's filters the address carries (a number-looking search comes parsed: read back as text). */
export function listFiltersOf(raw: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of LIST_FILTERS) {
    const value = raw[key];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') out[key] = String(value).slice(0, 2000);
  }
  return out;
}

async function downloadPdf(body: Record<string, unknown>, fallbackName: string): Promise<void> {
  await saveResponse(await api.post('inventory/labels.pdf', { json: body }), fallbackName);
}

export function LabelsPage() {
  const { t, i18n } = useTranslation('inventoryV2');
  const router = useRouter();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const fromAddress = useMemo(() => (typeof raw.ids === 'string' ? raw.ids.split(',').filter((id) => isUuid(id)).slice(0, 2000) : []), [raw.ids]);
  const index = useScanIndex();
  const [siteId, setSiteId] = useState(typeof raw.siteId === 'string' && isUuid(raw.siteId) ? raw.siteId : '');
  const [room, setRoom] = useState(typeof raw.room === 'string' ? raw.room : '');
  const [format, setFormat] = useState<LabelFormat>('L7160');
  const [start, setStart] = useState(1);
  const [busy, setBusy] = useState(false);
  const connection = useConnectionState();
  const ids = { site: useId(), room: useId(), format: useId(), start: useId(), rooms: useId() };
  const bySelection = fromAddress.length > 0;
  const filters = useMemo(() => listFiltersOf(raw), [raw]);
  const byFilters = !bySelection && Object.keys(filters).length > 0;
  const perSheet = labelsPerSheet(format);

  const preview = useQuery({
    queryKey: ['inventory', 'labels', bySelection ? fromAddress.join(',') : byFilters ? filters : `${siteId}/${room}`],
    queryFn: ({ signal }) =>
      apiGet<LabelItem[]>('inventory/labels/items', {
        signal,
        searchParams: bySelection ? { ids: fromAddress.slice(0, 200).join(',') } : byFilters ? filters : { siteId, ...(room.trim() ? { room: room.trim() } : {}) },
      }),
    enabled: bySelection || byFilters || siteId !== '',
  });
  const rooms = useMemo(() => [...new Set(index.items.filter((i) => i.siteId === siteId && i.room.trim() !== '').map((i) => i.room.trim()))].sort(), [index.items, siteId]);
  const count = bySelection ? fromAddress.length : (preview.data?.length ?? 0);
  const sheets = count === 0 ? 0 : Math.ceil((count + start - 1) / perSheet);

  const print = async () => {
    setBusy(true);
    try {
      const body = {
        format,
        start,
        lang: i18n.language.startsWith('en') ? 'en' : 'fr',
        ...(bySelection ? { ids: fromAddress } : byFilters ? { filter: filters } : { siteId, ...(room.trim() ? { room: room.trim() } : {}) }),
      };
      await downloadPdf(body, 'etiquettes.pdf');
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModulePage title={t('audit.labels.title')} className="inventory-audit-page" onBack={() => router.history.back()}>
      <form
        className="inventory-audit-start"
        onSubmit={(event) => {
          event.preventDefault();
          void print();
        }}
      >
        {bySelection ? (
          <p className="inventory-audit-note">{t('audit.labels.selection', { count: fromAddress.length })}</p>
        ) : byFilters ? (
          <p className="inventory-audit-note" data-testid="labels-by-filters">
            {preview.isPending ? t('audit.labels.filtersLoading') : t('audit.labels.filters', { count: preview.data?.length ?? 0 })}
          </p>
        ) : (
          <>
            <label htmlFor={ids.site}>{t('audit.start.site')}</label>
            <select id={ids.site} value={siteId} onChange={(event) => setSiteId(event.target.value)} required>
              <option value="">{t('audit.start.choose_site')}</option>
              {index.sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </select>
            <label htmlFor={ids.room}>{t('audit.labels.room')}</label>
            <input id={ids.room} value={room} list={ids.rooms} onChange={(event) => setRoom(event.target.value)} maxLength={200} autoComplete="off" />
            <datalist id={ids.rooms}>
              {rooms.map((r) => (
                <option key={r} value={r} />
              ))}
            </datalist>
          </>
        )}
        <label htmlFor={ids.format}>{t('audit.labels.format')}</label>
        <select
          id={ids.format}
          value={format}
          onChange={(event) => {
            const next = event.target.value as LabelFormat;
            setFormat(next);
            setStart((s) => Math.min(s, labelsPerSheet(next)));
          }}
        >
          {LABEL_FORMAT_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`audit.labels.formats.${id}`, { width: LABEL_FORMATS[id].width, height: LABEL_FORMATS[id].height, count: labelsPerSheet(id) })}
            </option>
          ))}
        </select>
        <label htmlFor={ids.start}>{t('audit.labels.start', { count: perSheet })}</label>
        <input id={ids.start} type="number" min={1} max={perSheet} value={start} onChange={(event) => setStart(Math.min(perSheet, Math.max(1, Number(event.target.value) || 1)))} />
        <p className="inventory-audit-note" aria-live="polite">
          {t('audit.labels.summary', { count, sheets })}
        </p>
        {connection === 'offline' && <p className="inventory-audit-warning">{t('audit.labels.offline')}</p>}
        <IonButton type="submit" disabled={busy || count === 0 || connection === 'offline'}>
          {t('audit.labels.print')}
        </IonButton>
      </form>
      {preview.data && preview.data.length > 0 && (
        <section className="inventory-audit-group" aria-label={t('audit.labels.preview')}>
          <ul className="inventory-audit-items">
            {preview.data.map((item) => (
              <li key={item.id}>
                {item.name}
                {item.tag ? ` (${item.tag})` : ''} <span className="inventory-audit-where">{item.room ? `${item.siteName} – ${item.room}` : item.siteName}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </ModulePage>
  );
}
