/**
 * The signed-in account's own settings (the profile, /me/meInfos in the app). Its one setting is
 * its language: what the server writes to the account (bells, e-mails, its iCal feed) is in it.
 * Served by server/src/routes/api/me/.
 */
import Type, { type Static } from 'typebox';
import type { Language } from '../constants';

/** The languages the server writes (LANGUAGES of common/constants.ts; checked both ways below). */
export const ReaderLanguage = Type.Union([Type.Literal('fr'), Type.Literal('en')]);
const sameLanguages: [Static<typeof ReaderLanguage>, Language] extends [Language, Static<typeof ReaderLanguage>] ? true : never = true;
void sameLanguages;

/** PUT /api/me/language: the account's language (fr by default, until the app tells otherwise). */
export const MeLanguage = Type.Object({ language: ReaderLanguage }, { additionalProperties: false });
export type MeLanguage = Static<typeof MeLanguage>;
