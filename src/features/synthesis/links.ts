/** The lists a table's cells open, by the server's link name: given by their modules (ModuleLinks), set once by the routes. */
import type { ModuleLinks } from '../../lib/app-module';

let lists: Readonly<Record<string, string>> = {};
/** A record's sheet for the cells of one record (an item's checks): the link name → its sheet's address by the search's id. */
let sheets: Readonly<Record<string, { param: string; href: (id: string) => string }>> = {};

export function setListLinks(links: Pick<ModuleLinks, 'declarations' | 'actions' | 'manageInspections' | 'equipmentList' | 'contracts' | 'stockArticles' | 'equipment'>): void {
  lists = {
    declarations: links.declarations,
    actions: links.actions,
    manageInspections: links.manageInspections,
    equipmentList: links.equipmentList,
    contracts: links.contracts,
    stockArticles: links.stockArticles,
  };
  sheets = { equipmentSheet: { param: 'equipment', href: links.equipment } };
}

/** The address of a cell's records: the list's path with the cell's search (or the sheet of the one record it names); null without such a list. */
export function cellHref(list: string | null, search: Readonly<Record<string, string>> | null): string | null {
  if (list === null || search === null) return null;
  const sheet = sheets[list];
  if (sheet !== undefined) {
    const id = search[sheet.param];
    return id === undefined || id === '' || Object.keys(search).length !== 1 ? null : sheet.href(id);
  }
  const base = lists[list];
  if (base === undefined) return null;
  const query = new URLSearchParams(search).toString();
  return query === '' ? base : `${base}${base.includes('?') ? '&' : '?'}${query}`;
}
