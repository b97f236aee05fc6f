/**
 * The articles list (/inventory/article, /inventory-v2/article): RecordList with the search
 * (name, maker, model, reference, barcode) and the category filter, in the address. A row: the
 * name, maker and model, reference; its category. Articles written on this device and not yet
 * sent show at once, marked as waiting.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArticleRow } from '../../../../../common/modules/inventory/catalog';
import { DeletedFilter } from '../../../../components/module/DeletedFilter';
import { FilterSelect } from '../../../../components/module/FilterSelect';
import { listTexts, RecordList } from '../../../../components/module/RecordList';
import { useSearchPatch } from '../../../../components/module/search-patch';
import { StatusChip } from '../../../../components/module/StatusChip';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { useEnvelope } from '../../../../lib/envelope-store';
import { usePendingChanges, withPendingList, type WithPending } from '../../../../lib/outbox';
import { can } from '../../../../lib/rights';
import { matchesSearch } from '../../../../lib/text-fold';
import { articles, ARTICLE_MODULE, categories } from '../kinds';
import { articleHref, articlesHref, useCatalogBase } from '../paths';
import { validateArticleSearch, type ArticleListSearch } from '../search';

export function ArticlesList({ search, selectedId }: { search: ArticleListSearch; selectedId?: string }) {
  const { t } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const manager = can(useEnvelope((state) => state.rights), base.feature, 'manage');
  const categoryList = useQuery(categories.allQueryOptions());
  const pending = articles.ownWrites(usePendingChanges(ARTICLE_MODULE));
  const follow = useLinkNavigation();
  const setSearch = useSearchPatch(validateArticleSearch, (s) => articlesHref(base, s));
  const categoryName = (id: string | null | undefined) => categoryList.data?.find((c) => c.id === id)?.name ?? '';
  const overlay = (rows: ArticleRow[], total: number) =>
    withPendingList(rows, total, pending, {
      matches: (row) => matchesSearch(search.search, [row.name, row.maker ?? '', row.model ?? '', row.reference ?? '', row.barcode ?? '']) && (search.category === undefined || row.categoryId === search.category),
      deletedView: search.deleted === 'true',
      complete: (row: WithPending<ArticleRow>) => ({
        ...row,
        categoryId: row.categoryId ?? null,
        categoryName: row.categoryName ?? categoryName(row.categoryId),
        maker: row.maker ?? '',
        model: row.model ?? '',
        reference: row.reference ?? '',
        unit: row.unit ?? '',
        barcode: row.barcode ?? '',
        deletedAt: row.deletedAt ?? null,
      }),
    });
  const filtered = Object.keys(search).some((key) => key !== 'deleted' && search[key] !== undefined);
  const texts = listTexts((key, options) => t(`catalog.articles.${key.replace(/^list\./, '')}`, options), filtered);
  return (
    <RecordList
      query={articles.pagesQueryOptions(search)}
      {...texts}
      getKey={(article) => article.id}
      overlay={overlay}
      rowHeight={76}
      narrowRowHeight={112}
      selectedId={selectedId}
      scrollKey={articlesHref(base, search)}
      search={search.search ?? ''}
      onSearch={(value) => setSearch({ search: value })}
      filters={
        <>
          <FilterSelect
            label={t('catalog.field.category')}
            anyLabel={t('catalog.list.any')}
            value={search.category}
            options={(categoryList.data ?? []).filter((c) => c.deletedAt === null).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(value) => setSearch({ category: value })}
          />
          {manager && (
            <DeletedFilter
              label={t('catalog.list.state')}
              liveLabel={t('catalog.list.live')}
              deletedLabel={t('catalog.list.deleted')}
              deleted={search.deleted === 'true'}
              onChange={(deleted) => setSearch({ deleted: deleted ? 'true' : undefined })}
            />
          )}
        </>
      }
      renderRow={(row, selected) => {
        const article: WithPending<ArticleRow> = row;
        const href = articleHref(base, article.id, search);
        return (
          <a href={href} onClick={follow(href)} className="record-row inventory-catalog-row" aria-current={selected ? 'true' : undefined}>
            <span className="record-row-text">
              <strong>{article.name}</strong>
              <span>{[[article.maker, article.model].filter(Boolean).join(' '), article.reference].filter(Boolean).join(' · ')}</span>
            </span>
            <span className="record-row-chips">
              {article.categoryName !== '' && <StatusChip label={article.categoryName} />}
              {article.deletedAt !== null && <StatusChip label={t('catalog.sheet.deleted')} tone="danger" />}
              {article.pending !== undefined && <WaitingMark pending={article.pending} />}
            </span>
          </a>
        );
      }}
    />
  );
}
