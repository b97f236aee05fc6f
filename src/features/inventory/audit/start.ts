/** The inventory family's audit part at the shell's start: the scans' and the audits' senders and offline declaration. */
export function startAudit(): void {}
