/** The data-sharing area's addresses (the manifest's prefix `dsa`), built in one place. */
export const DSA_PREFIX = '/dsa';
export const AREAS_PATH = `${DSA_PREFIX}/dsaView`;

const query = (search: { search?: string } | undefined) => (search?.search ? `?search=${encodeURIComponent(search.search)}` : '');

export const areasHref = (search?: { search?: string }) => `${AREAS_PATH}${query(search)}`;
export const areaHref = (id: string, search?: { search?: string }) => `${AREAS_PATH}/${encodeURIComponent(id)}${query(search)}`;
export const areaEditHref = (id: string) => `${AREAS_PATH}/${encodeURIComponent(id)}/edit`;
export const areaNewHref = () => `${DSA_PREFIX}/new`;
