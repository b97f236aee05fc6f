/** Put a session in storage as a logged-in tab (or a fresh tab: storeOnlyToken) would have it. */
import { encodeBase64Utf8 } from '../lib/base64';
import { resetEnvelope } from '../lib/envelope-store';
import { LOCAL_KEYS, SESSION_KEYS } from '../lib/storage';
import { DEMO_DISTRICT, DEMO_MODULES, DEMO_RIGHTS, DEMO_USER, makeAccessToken } from './fixtures';

export interface SeedOptions {
  token?: string;
  rights?: string[];
  /** A new tab: the token in localStorage, nothing in sessionStorage. */
  storeOnlyToken?: boolean;
}

export function seedSession({ token = makeAccessToken(), rights = DEMO_RIGHTS, storeOnlyToken = false }: SeedOptions = {}): string {
  localStorage.setItem(LOCAL_KEYS.token, token);
  localStorage.setItem(LOCAL_KEYS.rights, JSON.stringify(rights));
  localStorage.setItem(LOCAL_KEYS.districtModules, JSON.stringify(DEMO_MODULES));
  if (!storeOnlyToken) {
    sessionStorage.setItem(SESSION_KEYS.email, encodeBase64Utf8(DEMO_USER.email));
    sessionStorage.setItem(SESSION_KEYS.districtId, encodeBase64Utf8(DEMO_DISTRICT._id));
    sessionStorage.setItem(SESSION_KEYS.tempId, crypto.randomUUID());
  }
  resetEnvelope();
  return token;
}
