/** The inventory family's catalog part at the shell's start: the catalog's and the equipment's (articles, items, checks) senders and offline declaration. */
export function startCatalog(): void {}
