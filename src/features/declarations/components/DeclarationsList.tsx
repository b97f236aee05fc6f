/**
 * The declaration list (/declarations, and beside a sheet on a wide screen): RecordList with
 * the search (title, description, site: the server's folded search), the filters (type,
 * severity, status, mine, period), the sort and rows showing type, title, site, when, severity
 * and status. Every choice is written into the address. Reports made on this device and not
 * yet sent show first, marked waiting (withPendingList), and the count with them.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeclarationSort, DeclarationSummary, Severity, Status } from '../../../../common/modules/declarations/schemas';
import { ApiImage } from '../../../components/ApiImage';
import { MaskIcon } from '../../../components/MaskIcon';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { useSearchPatch } from '../../../components/module/search-patch';
import { listTexts, RecordList } from '../../../components/module/RecordList';
import { StatusChip, type StatusTone } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { formatDateTime } from '../../../lib/dates';
import { usePendingChanges } from '../../../lib/outbox';
import { withPendingList, type WithPending } from '../../../lib/outbox/overlay';
import { declarationsListQueryOptions, templatesQueryOptions } from '../api/reads';
import { currentActor } from '../../../lib/current-actor';
import { declarationHref, declarationsListHref } from '../paths';
import { completeDeclarationRow, declarationMatches, declarationRecordWrites } from '../pending';
import { DEFAULT_DECLARATION_SORT, SEVERITY_NAMES, STATUS_NAMES, validateDeclarationSearch, type DeclarationListSearch } from '../search';
import { iconOf } from './template-icons';
import './declarations.css';

export const DECLARATION_ROW_HEIGHT = 84;
/** A narrow list's row: the title on up to two lines, type and site, date, and the chips' line. */
export const DECLARATION_NARROW_ROW_HEIGHT = 124;
const SORT_OPTIONS: readonly DeclarationSort[] = ['-occurredAt', 'occurredAt', '-severity', 'severity', 'title', '-title', '-updatedAt'];

export const SEVERITY_TONE: Record<Severity, StatusTone> = { low: 'neutral', medium: 'info', high: 'warning', critical: 'danger' };
export const STATUS_TONE: Record<Status, StatusTone> = { new: 'info', acknowledged: 'warning', investigating: 'warning', closed: 'success' };

export function DeclarationsList({ search, selectedId }: { search: DeclarationListSearch; selectedId?: string }) {
  const { t, i18n } = useTranslation('declarations');
  const templates = useQuery(templatesQueryOptions());
  const pending = usePendingChanges('declarations');
  const follow = useLinkNavigation();
  const me = currentActor();

  const setSearch = useSearchPatch(validateDeclarationSearch, declarationsListHref);
  const who = me ?? { id: '', name: '' };
  const overlay = (rows: DeclarationSummary[], total: number) =>
    withPendingList(rows, total, declarationRecordWrites(pending), { matches: declarationMatches(search, me?.id ?? null), complete: completeDeclarationRow(templates.data, who) });
  const filtered = Object.keys(search).some((key) => key !== 'sort');
  const active = Object.keys(search).filter((key) => key !== 'sort' && key !== 'search').length;

  const select = (label: string, value: string | undefined, options: readonly { value: string; label: string }[], onChange: (value: string | undefined) => void) => (
    <FilterSelect label={label} anyLabel={t('list.filter_any')} value={value} options={options} onChange={onChange} />
  );

  return (
    <RecordList
      query={declarationsListQueryOptions(search, me?.id ?? null)}
      {...listTexts(t, filtered)}
      getKey={(row) => row.id}
      overlay={overlay}
      rowHeight={DECLARATION_ROW_HEIGHT}
      narrowRowHeight={DECLARATION_NARROW_ROW_HEIGHT}
      selectedId={selectedId}
      scrollKey={declarationsListHref(search)}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value })}
      sort={{
        value: search.sort ?? DEFAULT_DECLARATION_SORT,
        options: SORT_OPTIONS.map((value) => ({ value, label: t(`list.sort.${value}`) })),
        onChange: (value) => setSearch({ sort: value as DeclarationSort }),
      }}
      filters={
        // Folded by default: on a phone the list's rows come first; the count says what is set.
        <details className="record-list-filters declaration-filters" open={active > 0 ? true : undefined}>
          <summary>{active === 0 ? t('list.filters') : t('list.filters_active', { count: active })}</summary>
          {select(
            t('list.filter_type'),
            search.template,
            (templates.data ?? []).map((template) => ({ value: template.id, label: template.name })),
            (template) => setSearch({ template }),
          )}
          {select(
            t('field.severity'),
            search.severity,
            SEVERITY_NAMES.map((value) => ({ value, label: t(`severity.${value}`) })),
            (severity) => setSearch({ severity: severity as Severity | undefined }),
          )}
          {select(
            t('field.status'),
            search.status,
            STATUS_NAMES.map((value) => ({ value, label: t(`status.${value}`) })),
            (status) => setSearch({ status: status as Status | undefined }),
          )}
          {select(t('list.filter_author'), search.author, [{ value: 'me', label: t('list.filter_mine') }], (author) => setSearch({ author: author === 'me' ? 'me' : undefined }))}
          <label className="record-list-select">
            {t('list.filter_from')}
            <input type="date" value={search.from ?? ''} onChange={(event) => setSearch({ from: event.target.value || undefined })} />
          </label>
          <label className="record-list-select">
            {t('list.filter_to')}
            <input type="date" value={search.to ?? ''} onChange={(event) => setSearch({ to: event.target.value || undefined })} />
          </label>
        </details>
      }
      renderRow={(row, selected) => {
        const declaration: WithPending<DeclarationSummary> = row;
        const href = declarationHref(declaration.id, search);
        return (
          <a href={href} onClick={follow(href)} className="record-row declaration-row" aria-current={selected ? 'true' : undefined}>
            <ApiImage
              className="record-row-thumb"
              src={declaration.thumbnailUrl}
              width={56}
              height={56}
              placeholder={
                <span className={`record-row-thumb record-row-icon declaration-row-icon declaration-severity-${declaration.severity}`} aria-hidden="true">
                  <MaskIcon icon={iconOf(declaration.templateIcon)} />
                </span>
              }
            />
            <span className="record-row-text">
              <strong>{declaration.title}</strong>
              <span>
                {declaration.templateName}
                {declaration.siteName !== null ? ` · ${declaration.siteName}` : ''}
              </span>
              <span>{formatDateTime(declaration.occurredAt, i18n.language)}</span>
            </span>
            <span className="record-row-chips declaration-row-chips">
              <StatusChip label={t(`severity.${declaration.severity}`)} tone={SEVERITY_TONE[declaration.severity]} />
              <StatusChip label={t(`status.${declaration.status}`)} tone={STATUS_TONE[declaration.status]} />
              {declaration.pending !== undefined && <WaitingMark pending={declaration.pending} />}
            </span>
          </a>
        );
      }}
    />
  );
}
