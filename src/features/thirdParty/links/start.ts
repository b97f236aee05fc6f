/** The links part at the shell's start: its senders and offline declaration. */
export function startLinks(): void {}
