/**
 * The catalog part's lists (a chunk of their own, without the sheets: a list's first screen
 * loads only the list's code): the articles and the equipment. The equipment list's header leads
 * to the scan, the labels (managers) and the audits. The sheets (./pages.tsx) show the same
 * lists beside them on a wide screen.
 */
import { IonButton } from '@ionic/react';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadList, NavButton, RecordListPage } from '../../../../components/module/RecordPages';
import { useEnvelope } from '../../../../lib/envelope-store';
import { can } from '../../../../lib/rights';
import { articleNewHref, AUDITS_HREF, categoriesHref, equipmentNewHref, LABELS_HREF, SCAN_HREF, useCatalogBase } from '../paths';
import { validateArticleSearch, validateEquipmentSearch } from '../search';
import { ArticlesList } from './ArticlesList';
import { EquipmentList } from './EquipmentList';
import './catalog.css';

export function useArticleSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateArticleSearch(raw);
}

export function useEquipmentSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateEquipmentSearch(raw);
}

function useManager(): boolean {
  const base = useCatalogBase();
  return can(useEnvelope((state) => state.rights), base.feature, 'manage');
}

export function ArticlesActions() {
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

/** The labels page with the list's filters (not its deleted view): "Print labels" prints the list as filtered. */
const labelsHref = (search: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (key !== 'deleted' && value !== undefined && value !== '') params.set(key, value);
  const query = params.toString();
  return query === '' ? LABELS_HREF : `${LABELS_HREF}?${query}`;
};

export function EquipmentActions() {
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
