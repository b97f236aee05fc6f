/**
 * The catalog part's sheets (a chunk of their own): an article's and an item's, each beside its
 * list on a wide screen, a page above it on a phone. The lists are ./list-pages.tsx.
 */
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RecordSheetPage, useRecordId } from '../../../../components/module/RecordPages';
import { articleEditHref, articlesHref, equipmentEditHref, equipmentListHref, useCatalogBase } from '../paths';
import { ArticleSheet } from './ArticleSheet';
import { ArticlesList } from './ArticlesList';
import { EquipmentList } from './EquipmentList';
import { EquipmentSheet } from './EquipmentSheet';
import { ArticlesActions, EquipmentActions, useArticleSearch, useEquipmentSearch } from './list-pages';
import './catalog.css';

export function ArticleSheetPage() {
  const { t } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const search = useArticleSearch();
  const articleId = useRecordId('articleId');
  const router = useRouter();
  return (
    <RecordSheetPage
      title={t('catalog.articles.title')}
      placeholder={t('catalog.articles.choose')}
      actions={<ArticlesActions />}
      listHref={articlesHref(base, search)}
      recordId={articleId}
      list={(selectedId) => <ArticlesList search={search} selectedId={selectedId} />}
      sheet={(onBack) => <ArticleSheet articleId={articleId} onBack={onBack} onEdit={() => void router.navigate({ href: articleEditHref(base, articleId) })} />}
    />
  );
}

export function EquipmentSheetPage() {
  const { t } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const search = useEquipmentSearch();
  const equipmentId = useRecordId('equipmentId');
  const router = useRouter();
  return (
    <RecordSheetPage
      title={t('catalog.equipment.title')}
      placeholder={t('catalog.equipment.choose')}
      actions={<EquipmentActions />}
      listHref={equipmentListHref(base, search)}
      recordId={equipmentId}
      list={(selectedId) => <EquipmentList search={search} selectedId={selectedId} />}
      sheet={(onBack) => <EquipmentSheet equipmentId={equipmentId} onBack={onBack} onEdit={() => void router.navigate({ href: equipmentEditHref(base, equipmentId) })} />}
    />
  );
}
