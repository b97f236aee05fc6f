/** The Contracts addresses (the manifest's prefix `contract`), built in one place. */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { ContractListSearch } from './search';

export const CONTRACT_PREFIX = '/contract';
export const CONTRACTS_LIST_PATH = `${CONTRACT_PREFIX}/contract-view`;

const query = (search: ContractListSearch | undefined) => (search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>));

export const contractsListHref = (search?: ContractListSearch) => `${CONTRACTS_LIST_PATH}${query(search)}`;
export const contractHref = (id: string, search?: ContractListSearch) => `${CONTRACTS_LIST_PATH}/${encodeURIComponent(id)}${query(search)}`;
export const contractEditHref = (id: string) => `${CONTRACTS_LIST_PATH}/${encodeURIComponent(id)}/edit`;
export const contractNewHref = () => `${CONTRACT_PREFIX}/new`;
export const templatesHref = () => `${CONTRACT_PREFIX}/templates`;
export const templateHref = (id: string) => `${CONTRACT_PREFIX}/templates/${encodeURIComponent(id)}`;
export const templateNewHref = () => `${CONTRACT_PREFIX}/templates/new`;
/** A supplier's sheet, by its address only (the supplier feature is never imported). */
export const supplierSheetHref = (id: string) => `/supplier/supplier-view/${encodeURIComponent(id)}`;
