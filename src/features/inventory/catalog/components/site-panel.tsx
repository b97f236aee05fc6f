/**
 * The equipment on a site's sheet (registered for the host `sites` in ../start.ts, loaded in
 * this chunk the first time a site's sheet shows it): the site's items with their status and
 * their checks due or overdue first, each opening its sheet, and the site's list.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkState } from '../../../../../common/modules/inventory/due-date';
import { RecordSection } from '../../../../components/module/RecordSheet';
import { StatusChip } from '../../../../components/module/StatusChip';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { formatDay } from '../../../../lib/dates';
import { equipment } from '../kinds';
import { useEnvelope } from '../../../../lib/envelope-store';
import { can } from '../../../../lib/rights';
import { equipmentHref, equipmentListHref, INVENTORY_BASE, INVENTORY_V2_BASE } from '../paths';
import { CHECK_TONES, deviceToday, STATUS_TONES } from './status';
import './catalog.css';

const SHOWN = 20;

export function SiteEquipmentPanel({ recordId }: { recordId: string }) {
  const { t, i18n } = useTranslation('inventoryV2');
  const follow = useLinkNavigation();
  // The items' pages under the prefix the reader's rights open.
  const base = can(useEnvelope((state) => state.rights), 'inventoryV2', 'read') ? INVENTORY_V2_BASE : INVENTORY_BASE;
  const due = useInfiniteQuery(equipment.pagesQueryOptions({ site: recordId, check: 'due' }));
  const all = useInfiniteQuery(equipment.pagesQueryOptions({ site: recordId }));
  const dueRows = (due.data?.pages[0]?.items ?? []).slice().sort((a, b) => (a.nextCheckOn ?? '').localeCompare(b.nextCheckOn ?? ''));
  const total = all.data?.pages[0]?.total ?? 0;
  const others = (all.data?.pages[0]?.items ?? []).filter((row) => !dueRows.some((d) => d.id === row.id));
  const rows = [...dueRows, ...others].slice(0, SHOWN);
  const today = deviceToday();
  const listHref = equipmentListHref(base, { site: recordId });
  return (
    <RecordSection title={t('catalog.site.title')}>
      {all.isPending && all.fetchStatus === 'paused' && <p>{t('catalog.sheet.offline_missing')}</p>}
      {!all.isPending && rows.length === 0 && <p>{t('catalog.site.none')}</p>}
      {due.data !== undefined && <p>{t('catalog.site.due', { count: due.data.pages[0]?.total ?? 0 })}</p>}
      <ul className="inventory-catalog-checks" aria-label={t('catalog.site.title')}>
        {rows.map((row) => {
          const href = equipmentHref(base, row.id);
          const state = checkState(row.nextCheckOn, today, row.status);
          return (
            <li key={row.id} className="inventory-catalog-check">
              <a href={href} onClick={follow(href)} className="inventory-catalog-link">
                <strong>{row.name}</strong>
              </a>
              <span className="inventory-catalog-buttons">
                <StatusChip label={t(`catalog.status.${row.status}`)} tone={STATUS_TONES[row.status]} />
                {(state === 'due' || state === 'overdue') && row.nextCheckOn !== null && (
                  <StatusChip label={t(`catalog.check_state.${state}`, { day: formatDay(row.nextCheckOn, i18n.language) })} tone={CHECK_TONES[state]} />
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {total > 0 && (
        <a href={listHref} onClick={follow(listHref)} className="inventory-catalog-link">
          {t('catalog.site.all', { count: total })}
        </a>
      )}
    </RecordSection>
  );
}
