/**
 * The language the server writes to this account in: its bells, e-mails and iCal feed
 * (PUT /api/me/language, kept on the account; French until told). The server writes each
 * notification once, in its reader's language as it knows it, so this device keeps it told of
 * the language read here: at each sign-in (password or SSO), at each change of language on the
 * profile page, once per start of a session restored from the device (never told at a
 * sign-in here, or told another language since), and again when the connection comes back with
 * a tell still owed (a change made offline). Nothing waits for it.
 */
import { LANGUAGES, type Language } from '../../common/constants';
import type { MeLanguage } from '../../common/schemas/me';
import { requestEnvelope } from './api-client';
import { getConnectionState, subscribeConnection } from './connectivity';
import { i18n } from './i18n';
import { isAuthenticated } from './session';
import { getSessionEmail } from './storage';

export const ACCOUNT_LANGUAGE_PATH = 'me/language';

/** The account and language the server last acknowledged in this page's life. */
let acknowledged: string | null = null;
const toldKey = (language: string) => `${getSessionEmail() ?? ''}\n${language}`;

/** Tells the server the language the user reads now (or `language`); answers once it is told, or not. */
export async function tellAccountLanguage(language: string | undefined = i18n.resolvedLanguage): Promise<void> {
  const known: Language | undefined = LANGUAGES.find((l) => l === language);
  if (known === undefined || !isAuthenticated()) return;
  const body: MeLanguage = { language: known };
  const key = toldKey(known);
  await requestEnvelope<MeLanguage>('put', ACCOUNT_LANGUAGE_PATH, { json: body }).then(
    () => {
      acknowledged = key;
    },
    () => undefined,
  );
}

const owed = (): boolean => isAuthenticated() && acknowledged !== toldKey(i18n.resolvedLanguage ?? '');

/**
 * Tells the language now if it is owed, then whenever the connection comes back online with a
 * tell owed; answers the teardown.
 */
export function keepAccountLanguage(): () => void {
  if (owed()) void tellAccountLanguage();
  return subscribeConnection(() => {
    if (getConnectionState() === 'online' && owed()) void tellAccountLanguage();
  });
}

/** Tests only. */
export function resetAccountLanguage(): void {
  acknowledged = null;
}
