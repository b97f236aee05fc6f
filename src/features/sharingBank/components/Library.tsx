/**
 * The library (/sharing-bank/sharingBankView): the district's resources the caller may read,
 * kept whole on the device (offline too) and filtered here: a search on title, description and
 * tags, the kind, a tag, and "to acknowledge" with its count. Each row says its kind, version and
 * the caller's reading (to acknowledge, acknowledged, waiting to be sent); managers see how many
 * have acknowledged. Resources published on this device and not sent yet show first, marked.
 */
import { IonButton, IonSearchbar, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RESOURCE_KINDS, type ResourceRow } from '../../../../common/modules/sharingBank/schemas';
import { FilterSelect } from '../../../components/module/FilterSelect';
import { FromDeviceNote } from '../../../components/module/FromDeviceNote';
import { StatusChip } from '../../../components/module/StatusChip';
import { WaitingMark } from '../../../components/WaitingMark';
import { describeApiError } from '../../../lib/error-messages';
import { useEnvelope } from '../../../lib/envelope-store';
import { useOnDelivered, usePendingChanges, withPending, type WithPending } from '../../../lib/outbox';
import { can } from '../../../lib/rights';
import { foldText } from '../../../lib/text-fold';
import { resources, SHARING_MODULE } from '../kinds';
import { libraryHref, resourceHref } from '../paths';
import type { LibrarySearch } from '../search';
import { pendingAcknowledgements, readingOf } from './readings';

const matches = (row: ResourceRow, search: LibrarySearch): boolean => {
  if (search.kind !== undefined && row.kind !== search.kind) return false;
  if (search.tag !== undefined && !row.tags.includes(search.tag)) return false;
  if (search.search !== undefined) {
    const wanted = foldText(search.search.trim());
    if (!foldText([row.title, row.description, ...row.tags].join(' ')).includes(wanted)) return false;
  }
  return true;
};

/** A resource published on this device, whole enough for its row. */
const completeRow = (row: WithPending<Partial<ResourceRow> & { id: string }>): WithPending<ResourceRow> => ({
  version: 1,
  title: '',
  kind: 'document',
  description: '',
  tags: [],
  audience: 'district',
  groupIds: [],
  updatedAt: new Date().toISOString(),
  deletedAt: null,
  currentVersion: 1,
  publishedAt: new Date().toISOString(),
  scope: 'district',
  mine: { version: 1, openedAt: null, acknowledgedAt: null, asked: false },
  acknowledged: null,
  audienceCount: null,
  fileCount: 0,
  ...row,
});

export function useLibrary(search: LibrarySearch) {
  const query = useQuery(resources.allQueryOptions(search.deleted === 'true' ? { deleted: 'true' } : {}));
  const writes = usePendingChanges(SHARING_MODULE);
  useOnDelivered(SHARING_MODULE, () => void query.refetch());
  const waiting = pendingAcknowledgements(writes);
  const rows = withPending(query.data ?? [], resources.ownWrites(writes)).map(completeRow);
  const withReading = rows.map((row) => ({ row, reading: readingOf(row, waiting) }));
  const toAcknowledge = withReading.filter((r) => r.reading.toAcknowledge).length;
  const shown = withReading.filter(({ row, reading }) => matches(row, search) && (search.todo !== 'true' || reading.toAcknowledge));
  const tags = [...new Set((query.data ?? []).flatMap((row) => row.tags))].sort((a, b) => a.localeCompare(b));
  return { query, shown, toAcknowledge, tags };
}

export function Library({ search, selectedId }: { search: LibrarySearch; selectedId?: string }) {
  const { t } = useTranslation('sharingBank');
  const router = useRouter();
  const manager = can(useEnvelope((state) => state.rights), 'sharingBank', 'manage');
  const { query, shown, toAcknowledge, tags } = useLibrary(search);
  const go = (next: Record<string, unknown>) => void router.navigate({ href: libraryHref(next as LibrarySearch), replace: true });
  const patch = (changes: Partial<LibrarySearch>) => {
    const next: Record<string, unknown> = { ...search, ...changes };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    go(next);
  };

  return (
    <div className="sharing-bank-library">
      <div className="sharing-bank-filters">
        <IonSearchbar
          value={search.search ?? ''}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          debounce={300}
          onIonInput={(event) => patch({ search: String(event.detail.value ?? '').trim() || undefined })}
        />
        <FilterSelect
          label={t('field.kind')}
          anyLabel={t('list.any_kind')}
          value={search.kind}
          options={RESOURCE_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          onChange={(kind) => patch({ kind: kind as LibrarySearch['kind'] })}
        />
        <FilterSelect label={t('field.tags')} anyLabel={t('list.any_tag')} value={search.tag} options={tags.map((tag) => ({ value: tag, label: tag }))} onChange={(tag) => patch({ tag })} />
        <IonButton
          className="sharing-bank-todo"
          fill={search.todo === 'true' ? 'solid' : 'outline'}
          aria-pressed={search.todo === 'true'}
          onClick={() => patch({ todo: search.todo === 'true' ? undefined : 'true' })}
        >
          {t('list.to_acknowledge')}
          <span className="sharing-bank-badge" aria-label={t('list.to_acknowledge_count', { count: toAcknowledge })}>
            {toAcknowledge}
          </span>
        </IonButton>
        {manager && (
          <IonButton fill="outline" aria-pressed={search.deleted === 'true'} onClick={() => patch({ deleted: search.deleted === 'true' ? undefined : 'true' })}>
            {search.deleted === 'true' ? t('list.show_live') : t('list.show_deleted')}
          </IonButton>
        )}
      </div>
      <FromDeviceNote query={query} />
      {query.data === undefined && query.isPending && <IonSpinner name="crescent" aria-label={t('sheet.loading')} />}
      {query.isError && query.data === undefined && <p role="alert">{describeApiError(query.error)}</p>}
      {query.data !== undefined && shown.length === 0 && <p className="sharing-bank-empty">{search.todo === 'true' ? t('list.nothing_to_acknowledge') : t('list.empty')}</p>}
      <ul className="bare-list sharing-bank-rows" aria-label={t('list.title')}>
        {shown.map(({ row, reading }) => (
          <li key={row.id}>
            <a
              className={`sharing-bank-row${row.id === selectedId ? ' sharing-bank-row-selected' : ''}`}
              href={resourceHref(row.id, search)}
              aria-current={row.id === selectedId ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                void router.navigate({ href: resourceHref(row.id, search) });
              }}
            >
              <span className="sharing-bank-row-title">{row.title}</span>
              <span className="sharing-bank-row-meta">
                {t(`kind.${row.kind}`)} · {t('sheet.version', { version: row.currentVersion })}
                {row.tags.length > 0 && ` · ${row.tags.join(', ')}`}
                {manager && row.audienceCount !== null && ` · ${t('list.acknowledged_of', { done: row.acknowledged ?? 0, total: row.audienceCount })}`}
              </span>
              <span className="sharing-bank-row-marks">
                {row.pending !== undefined && <WaitingMark pending={row.pending} />}
                {row.deletedAt !== null && <StatusChip label={t('sheet.deleted')} tone="danger" />}
                {reading.waiting ? (
                  <StatusChip label={t('reading.waiting')} tone="info" />
                ) : reading.toAcknowledge ? (
                  <StatusChip label={t('reading.to_acknowledge')} tone="warning" />
                ) : reading.acknowledged ? (
                  <StatusChip label={t('reading.acknowledged')} tone="success" />
                ) : null}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
