/**
 * The site list (/site/view/infoV2, and beside a sheet on a wide screen): RecordList with the
 * Sites search (name, address, owner: the server's full-text search), filters (site type, has
 * GPS, and the deleted sites for managers), sort and rows. Every choice is written into the
 * address (replace: typing does not stack history entries), so a reload keeps it. Sites
 * written on this device and not yet sent show at once, marked as waiting: created ones first
 * when they match the search and filters, edited ones with their new values, deleted ones
 * gone from the active view (withPendingList), and the count with them.
 */
import { useQuery } from '@tanstack/react-query';
import { businessOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { SiteSort, SiteSummary } from '../../../../common/modules/sites/schemas';
import { useSearchPatch } from '../../../components/module/search-patch';
import { RecordList } from '../../../components/module/RecordList';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { useEnvelope } from '../../../lib/envelope-store';
import { usePendingChanges } from '../../../lib/outbox';
import { withPendingList, type WithPending } from '../../../lib/outbox/overlay';
import { can } from '../../../lib/rights';
import { ApiImage } from '../../../components/ApiImage';
import { MaskIcon } from '../../../components/MaskIcon';
import { siteTypesQueryOptions } from '../api/get-site-types';
import { sitesListQueryOptions } from '../api/get-sites';
import { siteHref, sitesListHref } from '../paths';
import { completeSiteRow, siteMatches, siteRecordWrites } from '../pending';
import { DEFAULT_SITE_SORT, validateSiteSearch, type SiteListSearch } from '../search';
import './sites.css';

export const SITE_ROW_HEIGHT = 72;
/** A narrow list's row: the name on up to two lines, address, type, and the chips' line. */
export const SITE_NARROW_ROW_HEIGHT = 124;
const SORT_OPTIONS: readonly SiteSort[] = ['name', '-name', 'address', '-address', '-updatedAt', 'updatedAt'];

export function SitesList({ search, selectedId }: { search: SiteListSearch; selectedId?: string }) {
  const { t } = useTranslation('sites');
  const rights = useEnvelope((state) => state.rights);
  const manager = can(rights, 'sites', 'manage');
  const types = useQuery(siteTypesQueryOptions());
  const pending = usePendingChanges('sites');
  const follow = useLinkNavigation();

  // The list's own address, whichever page shows it (its scroll is remembered under it).
  // A patch of the address's current choices (not of this render's: two quick changes both count).
  const setSearch = useSearchPatch(validateSiteSearch, sitesListHref);
  const query = sitesListQueryOptions(search);
  const writes = siteRecordWrites(pending);
  const overlay = (rows: SiteSummary[], total: number) =>
    withPendingList(rows, total, writes, { matches: siteMatches(search), deletedView: search.deleted === 'true', complete: completeSiteRow(types.data) });

  return (
    <RecordList
      query={query}
      label={t('list.label')}
      getKey={(site) => site.id}
      overlay={overlay}
      rowHeight={SITE_ROW_HEIGHT}
      narrowRowHeight={SITE_NARROW_ROW_HEIGHT}
      selectedId={selectedId}
      scrollKey={sitesListHref(search)}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value })}
      searchLabel={t('list.search')}
      countText={(count) => t('list.count', { count })}
      emptyText={search.search !== undefined || search.siteType !== undefined || search.hasGps !== undefined ? t('list.empty_filtered') : t('list.empty')}
      sort={{
        value: search.sort ?? DEFAULT_SITE_SORT,
        options: SORT_OPTIONS.map((value) => ({ value, label: t(`list.sort.${value}`) })),
        onChange: (value) => setSearch({ sort: value as SiteSort }),
      }}
      filters={
        <>
          <label className="record-list-select">
            {t('list.filter_type')}
            <select value={search.siteType ?? ''} onChange={(event) => setSearch({ siteType: event.target.value || undefined })}>
              <option value="">{t('list.filter_any')}</option>
              {(types.data ?? []).filter((type) => type.deletedAt === null).map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </label>
          <label className="record-list-select">
            {t('list.filter_gps')}
            <select
              value={search.hasGps ?? ''}
              onChange={(event) => setSearch({ hasGps: (event.target.value || undefined) as SiteListSearch['hasGps'] })}
            >
              <option value="">{t('list.filter_any')}</option>
              <option value="true">{t('list.filter_gps_yes')}</option>
              <option value="false">{t('list.filter_gps_no')}</option>
            </select>
          </label>
          {manager && (
            <label className="record-list-select">
              {t('list.filter_state')}
              <select value={search.deleted ?? ''} onChange={(event) => setSearch({ deleted: event.target.value === 'true' ? 'true' : undefined })}>
                <option value="">{t('list.filter_active')}</option>
                <option value="true">{t('list.filter_deleted')}</option>
              </select>
            </label>
          )}
        </>
      }
      renderRow={(row, selected) => {
        const site: WithPending<SiteSummary> = row;
        const href = siteHref(site.id, search);
        return (
          <a href={href} onClick={follow(href)} className="record-row site-row" aria-current={selected ? 'true' : undefined}>
            <ApiImage
              className="record-row-thumb"
              src={site.thumbnailUrl}
              width={56}
              height={56}
              placeholder={
                <span className="record-row-thumb record-row-icon site-row-placeholder" aria-hidden="true">
                  <MaskIcon icon={businessOutline} />
                </span>
              }
            />
            <span className="record-row-text">
              <strong>{site.name}</strong>
              <span>{site.address || t('sheet.no_address')}</span>
              {site.siteTypeName !== null && <span className="site-row-type">{site.siteTypeName}</span>}
            </span>
            {(site.deletedAt !== null || site.pending !== undefined) && (
              <span className="record-row-chips">
                {site.deletedAt !== null && <StatusChip label={t('sheet.deleted')} tone="danger" />}
                {site.pending !== undefined && <WaitingMark pending={site.pending} />}
              </span>
            )}
          </a>
        );
      }}
    />
  );
}
