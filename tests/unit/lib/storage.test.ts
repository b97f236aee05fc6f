import { describe, expect, it, vi } from 'vitest';
import { decodeAccessClaims, msUntilExpiry } from '../../../src/lib/jwt';
import { restoreFromStoredToken, startSession, endSession } from '../../../src/lib/session';
import {
  clearSessionStorageKeys,
  ensureTempId,
  getDistrictModules,
  getRights,
  getSessionDistrictId,
  getSessionEmail,
  getSsoCookie,
  getTempId,
  getToken,
  isAwaitingReconnection,
  isResetPending,
  setAwaitingReconnection,
  setDistrictModules,
  setResetPending,
  setRights,
  setSessionDistrictId,
  setSessionEmail,
  setSsoCookie,
  setStoredLanguage,
} from '../../../src/lib/storage';
import { DEMO_DISTRICT, DEMO_USER, makeAccessToken, makeSessionData } from '../../../src/testing/fixtures';

describe('storage keys', () => {
  it('stores the session e-mail and district id as base64 of UTF-8 under the spec names', () => {
    setSessionEmail('élodie.müller@exemple.fr');
    setSessionDistrictId('district-Zürich');
    expect(sessionStorage.getItem('usr_e')).toBe(btoa(String.fromCharCode(...new TextEncoder().encode('élodie.müller@exemple.fr'))));
    expect(getSessionEmail()).toBe('élodie.müller@exemple.fr');
    expect(getSessionDistrictId()).toBe('district-Zürich');
  });

  it('reads a damaged encoded value as absent', () => {
    sessionStorage.setItem('usr_e', '%%%not base64');
    expect(getSessionEmail()).toBeNull();
  });

  it('keeps rights and district modules as JSON arrays, tolerating garbage', () => {
    setRights(['sites.read', 'sites.admin']);
    setDistrictModules([{ name: 'sites' }]);
    expect(JSON.parse(localStorage.getItem('rights') ?? '')).toEqual(['sites.read', 'sites.admin']);
    expect(JSON.parse(localStorage.getItem('districtModules') ?? '')).toEqual([{ name: 'sites' }]);
    expect(getRights()).toEqual(['sites.read', 'sites.admin']);
    expect(getDistrictModules()).toEqual([{ name: 'sites' }]);

    localStorage.setItem('rights', '{broken');
    expect(getRights()).toEqual([]);
  });

  it('stores the flags as the strings true and false', () => {
    setAwaitingReconnection(true);
    setResetPending(true);
    expect(localStorage.getItem('awaitingReconnection')).toBe('true');
    expect(localStorage.getItem('reset')).toBe('true');
    expect(isAwaitingReconnection()).toBe(true);
    setAwaitingReconnection(false);
    expect(localStorage.getItem('awaitingReconnection')).toBe('false');
    expect(isResetPending()).toBe(true);
  });

  it('writes the sso cookie for the whole site', () => {
    setSsoCookie(false);
    expect(document.cookie).toContain('sso=false');
    expect(getSsoCookie()).toBe(false);
    setSsoCookie(true);
    expect(getSsoCookie()).toBe(true);
  });

  it('keeps a tab id once created', () => {
    const id = ensureTempId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ensureTempId()).toBe(id);
    expect(sessionStorage.getItem('temp_id')).toBe(id);
  });

  it('clears every session key on logout but keeps the language choice', () => {
    startSession(makeSessionData());
    setRights(['sites.read']);
    setResetPending(true);
    setStoredLanguage('en');
    clearSessionStorageKeys();
    for (const key of ['rights', 'districtModules', 'token', 'awaitingReconnection', 'reset']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    for (const key of ['usr_e', 'usr_d_id', 'temp_id']) expect(sessionStorage.getItem(key)).toBeNull();
    expect(getSsoCookie()).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
  });
});

describe('session start and end', () => {
  it('stores the token, the encoded e-mail and district, a new tab id and sso=false at login', () => {
    const session = makeSessionData();
    startSession(session);
    expect(getToken()).toBe(session.token);
    expect(getSessionEmail()).toBe(DEMO_USER.email);
    expect(getSessionDistrictId()).toBe(DEMO_DISTRICT._id);
    expect(getTempId()).not.toBeNull();
    expect(getSsoCookie()).toBe(false);
    expect(isAwaitingReconnection()).toBe(false);
  });

  it('tells the listeners when the session ends', () => {
    startSession(makeSessionData());
    endSession('logout');
    expect(getToken()).toBeNull();
    expect(getSessionEmail()).toBeNull();
  });
});

describe('restore from the token', () => {
  it('decodes the claims of the access token', () => {
    const token = makeAccessToken({ email: 'zoé@exemple.fr', did: 'd-42' });
    expect(decodeAccessClaims(token)).toMatchObject({ email: 'zoé@exemple.fr', did: 'd-42', sid: 'session-1' });
    expect(decodeAccessClaims('not-a-jwt')).toBeNull();
    expect(decodeAccessClaims('a.eyJmb28iOjF9.c')).toBeNull();
  });

  it('tells how long the token has left', () => {
    const now = Date.now();
    const remaining = msUntilExpiry(makeAccessToken({ expiresInSeconds: 120 }), now) ?? 0;
    expect(remaining).toBeGreaterThan(115_000);
    expect(remaining).toBeLessThanOrEqual(120_000);
  });

  it('refills an empty tab from a valid stored token', () => {
    localStorage.setItem('token', makeAccessToken({ email: 'zoé@exemple.fr', did: 'd-42' }));
    expect(restoreFromStoredToken()).toBe('valid');
    expect(getSessionEmail()).toBe('zoé@exemple.fr');
    expect(getSessionDistrictId()).toBe('d-42');
    expect(getTempId()).not.toBeNull();
  });

  it('says when the stored token has expired, or cannot be read, or is missing', () => {
    expect(restoreFromStoredToken()).toBe('none');
    localStorage.setItem('token', makeAccessToken({ expiresInSeconds: -1 }));
    expect(restoreFromStoredToken()).toBe('expired');
    expect(getSessionEmail()).toBe(DEMO_USER.email);
    localStorage.setItem('token', 'garbage');
    expect(restoreFromStoredToken()).toBe('invalid');
  });
});

describe('writes to localStorage', () => {
  it('stores the rights only when they change, and again when another tab changed them', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    try {
      setRights(['sites.read']);
      setRights(['sites.read']);
      expect(setItem.mock.calls.filter(([key]) => key === 'rights')).toHaveLength(1);
      localStorage.setItem('rights', JSON.stringify(['sites.admin']));
      setRights(['sites.read']);
      expect(getRights()).toEqual(['sites.read']);
    } finally {
      setItem.mockRestore();
    }
  });
});

describe('access claims', () => {
  it('reads a token once and gives the same claims for it, and the new claims for a new token', () => {
    const first = makeAccessToken({ email: 'a@exemple.fr' });
    const second = makeAccessToken({ email: 'b@exemple.fr' });
    expect(decodeAccessClaims(first)).toBe(decodeAccessClaims(first));
    expect(decodeAccessClaims(second)?.email).toBe('b@exemple.fr');
    expect(decodeAccessClaims(first)?.email).toBe('a@exemple.fr');
    expect(decodeAccessClaims('garbage')).toBeNull();
  });
});
