/** The companies part at the shell's start: its senders (sign-ins, signatures) and offline declaration. */
export function startCompanies(): void {}
