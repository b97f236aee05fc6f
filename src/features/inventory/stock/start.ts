/** The inventory family's stock part at the shell's start: the stock's (areas, movements, loans, counts) senders and offline declaration. */
export function startStock(): void {}
