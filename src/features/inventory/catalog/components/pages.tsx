/**
 * The catalog part's reading pages (a chunk of their own): the articles and the equipment, each
 * a list and a sheet (the list beside it on a wide screen, a page above it on a phone). The
 * equipment list's header leads to the scan, the labels (managers) and the audits.
 */
import { IonButton } from '@ionic/react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadList, NavButton, RecordListPage, RecordSheetPage, useRecordId } from '../../../../components/module/RecordPages';
import { useEnvelope } from '../../../../lib/envelope-store';
import { can } from '../../../../lib/rights';
import {
  articleEditHref,
  articleNewHref,
  articlesHref,
  AUDITS_HREF,
  categoriesHref,
  equipmentEditHref,
  equipmentListHref,
  equipmentNewHref,
  LABELS_HREF,
  SCAN_HREF,
  useCatalogBase,
} from '../paths';
import { validateArticleSearch, validateEquipmentSearch } from '../search';
import { ArticleSheet } from './ArticleSheet';
import { ArticlesList } from './ArticlesList';
import { EquipmentList } from './EquipmentList';
import { EquipmentSheet } from './EquipmentSheet';
import './catalog.css';

function useArticleSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateArticleSearch(raw);
}

function useEquipmentSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateEquipmentSearch(raw);
}

function useManager(): boolean {
  const base = useCatalogBase();
  return can(useEnvelope((state) => state.rights), base.feature, 'manage');
}

function ArticlesActions() {
  const { t } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const search = useArticleSearch();
  const manager = useManager();
  return (
    <>
      {manager && <NavButton href={articleNewHref(base)}>{t('catalog.articles.new')}</NavButton>}
      <NavButton href={categoriesHref(base)} outline>
        {t('catalog.categories.title')}
      </NavButton>
      <IonButton fill="outline" onClick={() => downloadList('inventory/articles/export.csv', search, 'articles.csv')}>
        {t('catalog.list.export')}
      </IonButton>
    </>
  );
}

export function ArticlesListPage() {
  const { t } = useTranslation('inventoryV2');
  const search = useArticleSearch();
  return <RecordListPage title={t('catalog.articles.title')} placeholder={t('catalog.articles.choose')} actions={<ArticlesActions />} list={<ArticlesList search={search} />} />;
}

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

/** The labels page with the list's filters (not its deleted view): "Print labels" prints the list as filtered. */
const labelsHref = (search: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (key !== 'deleted' && value !== undefined && value !== '') params.set(key, value);
  const query = params.toString();
  return query === '' ? LABELS_HREF : `${LABELS_HREF}?${query}`;
};

function EquipmentActions() {
  const { t } = useTranslation('inventoryV2');
  const base = useCatalogBase();
  const search = useEquipmentSearch();
  const manager = useManager();
  // The scan, labels and audits pages are under /inventory-v2 (its read right; labels its manage right).
  const rights = useEnvelope((state) => state.rights);
  const v2 = can(rights, 'inventoryV2', 'read');
  return (
    <>
      {manager && <NavButton href={equipmentNewHref(base)}>{t('catalog.equipment.new')}</NavButton>}
      {v2 && (
        <NavButton href={SCAN_HREF} outline>
          {t('catalog.equipment.scan')}
        </NavButton>
      )}
      {can(rights, 'inventoryV2', 'manage') && (
        <NavButton href={labelsHref(search)} outline>
          {t('catalog.equipment.labels')}
        </NavButton>
      )}
      {v2 && (
        <NavButton href={AUDITS_HREF} outline>
          {t('catalog.equipment.audits')}
        </NavButton>
      )}
      <IonButton fill="outline" onClick={() => downloadList('inventory/equipment/export.csv', search, 'equipements.csv')}>
        {t('catalog.list.export')}
      </IonButton>
    </>
  );
}

export function EquipmentListPage() {
  const { t } = useTranslation('inventoryV2');
  const search = useEquipmentSearch();
  return <RecordListPage title={t('catalog.equipment.title')} placeholder={t('catalog.equipment.choose')} actions={<EquipmentActions />} list={<EquipmentList search={search} />} />;
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
