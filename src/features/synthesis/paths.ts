/** The synthesis addresses (the manifest's prefix `synthesisBuilder`), built in one place. */
export const SYNTHESIS_PREFIX = '/synthesisBuilder';
export const TABLE_PATH = `${SYNTHESIS_PREFIX}/synthesisTable`;
export const VIEW_PATH = `${SYNTHESIS_PREFIX}/synthesisView`;
export const SECURESPHERE_PATH = `${SYNTHESIS_PREFIX}/synthesisSecuresphere`;
export const V3_PATH = `${SYNTHESIS_PREFIX}/synthesis`;

/** Each view's right, in the menu's order (spec section 2): the first held is the module's start. */
export const VIEW_RIGHTS: readonly { path: string; rights: readonly string[] }[] = [
  { path: TABLE_PATH, rights: ['synthesis.read'] },
  { path: VIEW_PATH, rights: ['synthesisV2.access'] },
  { path: SECURESPHERE_PATH, rights: ['securesphere.synthesis_view', 'securesphere_synthesis.read'] },
  { path: V3_PATH, rights: ['synthesisV3.access'] },
];

/** A view the rights open (the operator's reach counts every right). */
export const opensView = (rights: readonly string[], path: string): boolean =>
  rights.includes('opteamum.admin') || (VIEW_RIGHTS.find((v) => v.path === path)?.rights.some((r) => rights.includes(r)) ?? false);
