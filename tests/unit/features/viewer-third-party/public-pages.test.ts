import { describe, expect, it } from 'vitest';
import { isPublicPagePath, PUBLIC_PAGE_PATTERN } from '../../../../common/public-pages';
import { publicPage } from '../../../../src/public/pages';

const LINK_TOKEN = `${'a'.repeat(30)}-${'Z'.repeat(34)}`;

describe('the public pages by path', () => {
  it('are the share links, the upload-only links and the terms, and nothing of the app', () => {
    for (const path of [`/viewerThirdParty/${LINK_TOKEN}`, '/viewerThirdParty/abc', `/dsaDrop/${LINK_TOKEN}`, '/terms', '/terms/']) expect(isPublicPagePath(path), path).toBe(true);
    for (const path of ['/', '/login', '/viewerThirdParty', '/viewerThirdParty/', `/viewerThirdParty/${LINK_TOKEN}/x`, '/dsaDrop', '/termsOfUse', '/tc/terms', '/api/terms']) expect(isPublicPagePath(path), path).toBe(false);
  });

  it('match with a query string, as the service worker reads a navigation (path and query)', () => {
    expect(PUBLIC_PAGE_PATTERN.test('/terms?lang=en')).toBe(true);
    expect(PUBLIC_PAGE_PATTERN.test(`/dsaDrop/${LINK_TOKEN}?from=mail`)).toBe(true);
    expect(PUBLIC_PAGE_PATTERN.test('/dashboard?next=/terms')).toBe(false);
  });

  it('each load the namespace their words are in', () => {
    expect(publicPage('/terms')?.namespaces).toEqual(['tc']);
    expect(publicPage(`/dsaDrop/${LINK_TOKEN}`)?.namespaces).toEqual(['dsa']);
    // An emergency share's token is shorter than a link's: its page's words are the app's.
    expect(publicPage('/viewerThirdParty/abc')?.namespaces).toEqual(['common']);
    expect(publicPage('/public.html')).toBeNull();
  });
});
