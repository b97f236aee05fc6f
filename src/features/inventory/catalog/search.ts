/** The catalog lists' search params, held in the address; anything the list queries would refuse is dropped. */
import { EQUIPMENT_STATUSES } from '../../../../common/modules/inventory/model';
import { isUuid } from '../../../../common/uuid';


export interface ArticleListSearch {
  search?: string;
  category?: string;
  deleted?: 'true';
  [key: string]: string | undefined;
}

export interface EquipmentListSearch {
  search?: string;
  site?: string;
  category?: string;
  article?: string;
  status?: string;
  check?: 'due' | 'overdue';
  deleted?: 'true';
  [key: string]: string | undefined;
}

/** The new item form's prefill: from a scan (`tag`, `serial`, `barcode`) or a sheet (`article`, `site`). */
export interface EquipmentNewSearch {
  tag?: string;
  serial?: string;
  barcode?: string;
  article?: string;
  site?: string;
  [key: string]: string | undefined;
}

const text = (raw: unknown, max = 200): string | undefined => {
  const value = typeof raw === 'number' ? String(raw) : raw;
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value : undefined;
};
const uuid = (raw: unknown): string | undefined => (typeof raw === 'string' && isUuid(raw) ? raw : undefined);
const deleted = (raw: unknown): 'true' | undefined => (raw === true || raw === 'true' ? 'true' : undefined);
const clean = <T extends Record<string, string | undefined>>(out: T): T => Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as T;

export function validateArticleSearch(raw: Record<string, unknown>): ArticleListSearch {
  return clean({ search: text(raw.search), category: uuid(raw.category), deleted: deleted(raw.deleted) });
}

export function validateEquipmentSearch(raw: Record<string, unknown>): EquipmentListSearch {
  const status = typeof raw.status === 'string' && (EQUIPMENT_STATUSES as readonly string[]).includes(raw.status) ? raw.status : undefined;
  const check = raw.check === 'due' || raw.check === 'overdue' ? raw.check : undefined;
  return clean({ search: text(raw.search), site: uuid(raw.site), category: uuid(raw.category), article: uuid(raw.article), status, check, deleted: deleted(raw.deleted) });
}

export function validateEquipmentNew(raw: Record<string, unknown>): EquipmentNewSearch {
  return clean({ tag: text(raw.tag, 120), serial: text(raw.serial, 120), barcode: text(raw.barcode, 64), article: uuid(raw.article), site: uuid(raw.site) });
}
