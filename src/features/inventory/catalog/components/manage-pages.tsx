/**
 * The catalog part's managers' pages (a chunk of their own): the categories, and the article's
 * and the item's new and edit pages.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRecordId } from '../../../../components/module/RecordPages';
import { SheetPlaceholder } from '../../../../components/module/SheetPlaceholder';
import { articles, equipment } from '../kinds';
import { articleHref, articlesHref, equipmentHref, equipmentListHref, useCatalogBase } from '../paths';
import { validateEquipmentNew } from '../search';
import { ArticleForm, EquipmentForm } from './forms';
import './catalog.css';

export { CategoriesPage } from './CategoriesPage';

export function ArticleNewPage() {
  const base = useCatalogBase();
  const router = useRouter();
  return <ArticleForm onDone={(id) => void router.navigate({ href: articleHref(base, id) })} onCancel={() => void router.navigate({ href: articlesHref(base) })} />;
}

export function ArticleEditPage() {
  const { t } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const router = useRouter();
  const articleId = useRecordId('articleId');
  const query = useQuery(articles.recordQueryOptions(articleId));
  const back = () => void router.navigate({ href: articleHref(base, articleId) });
  if (query.data === undefined) return <SheetPlaceholder title={t('catalog.articles.title')} onBack={back} query={query} offlineText={t('catalog.sheet.offline_missing')} loadingLabel={t('catalog.sheet.loading')} />;
  return <ArticleForm article={query.data} onDone={back} onCancel={back} />;
}

export function EquipmentNewPage() {
  const base = useCatalogBase();
  const router = useRouter();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return (
    <EquipmentForm
      prefill={validateEquipmentNew(raw)}
      onDone={(id) => void router.navigate({ href: equipmentHref(base, id) })}
      onCancel={() => void router.navigate({ href: equipmentListHref(base) })}
    />
  );
}

export function EquipmentEditPage() {
  const { t } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const router = useRouter();
  const equipmentId = useRecordId('equipmentId');
  const query = useQuery(equipment.recordQueryOptions(equipmentId));
  const back = () => void router.navigate({ href: equipmentHref(base, equipmentId) });
  if (query.data === undefined) return <SheetPlaceholder title={t('catalog.equipment.title')} onBack={back} query={query} offlineText={t('catalog.sheet.offline_missing')} loadingLabel={t('catalog.sheet.loading')} />;
  return <EquipmentForm item={query.data} onDone={back} onCancel={back} />;
}
