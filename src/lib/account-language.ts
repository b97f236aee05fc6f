/**
 * The language the server writes to this account in: its bells, e-mails and iCal feed
 * (PUT /api/me/language, kept on the account; French until told). Told at each sign-in
 * (password or SSO) and each change of language on the profile page. Best effort: offline or
 * refused, the next sign-in or change tells it again; nothing waits for it.
 */
import { LANGUAGES, type Language } from '../../common/constants';
import type { MeLanguage } from '../../common/schemas/me';
import { requestEnvelope } from './api-client';
import { i18n } from './i18n';
import { isAuthenticated } from './session';

export const ACCOUNT_LANGUAGE_PATH = 'me/language';

/** Tells the server the language the user reads now (or `language`); answers once it is told, or not. */
export async function tellAccountLanguage(language: string | undefined = i18n.resolvedLanguage): Promise<void> {
  const known: Language | undefined = LANGUAGES.find((l) => l === language);
  if (known === undefined || !isAuthenticated()) return;
  const body: MeLanguage = { language: known };
  await requestEnvelope<MeLanguage>('put', ACCOUNT_LANGUAGE_PATH, { json: body }).catch(() => undefined);
}
