/**
 * The /third-party/new URL contract other screens open prefilled (the files explorer, the
 * prevention plans, a site's sheet): `?siteId=<uuid>&items=<kind>:<uuid>,<kind>:<uuid>&email=`.
 * A malformed site id is dropped, malformed or repeated items are left out, ids are lower-cased.
 */
import { describe, expect, it } from 'vitest';
import { LINK_ITEMS_MAX, parseItemsParam } from '../../../../common/modules/thirdParty/links';
import { validateNewLinkSearch } from '../../../../src/features/thirdParty/links/routes';

const SITE = '0b6c1a52-6a3e-4d0e-9a38-1f3c2d4e5f60';
const DOC = 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE';

describe('the /third-party/new URL contract', () => {
  it('keeps a site id, the items as given and the e-mail', () => {
    expect(validateNewLinkSearch({ siteId: SITE.toUpperCase(), items: `document:${DOC},folder:${SITE}`, email: 'a@b.example' })).toEqual({
      siteId: SITE,
      items: `document:${DOC},folder:${SITE}`,
      email: 'a@b.example',
    });
    expect(validateNewLinkSearch({ siteId: 'not-a-uuid', items: 42 })).toEqual({});
  });

  it('reads the items: kind and id, malformed and repeated ones left out', () => {
    expect(parseItemsParam(`document:${DOC}, folder:${SITE},document:${DOC.toLowerCase()},bogus,kind-with-dash:${SITE},preventionPlan:123`)).toEqual([
      { kind: 'document', id: DOC.toLowerCase() },
      { kind: 'folder', id: SITE },
    ]);
    expect(parseItemsParam(undefined)).toEqual([]);
    const many = Array.from({ length: LINK_ITEMS_MAX + 5 }, (_, n) => `document:${SITE.slice(0, -2)}${String(n).padStart(2, '0')}`).join(',');
    expect(parseItemsParam(many)).toHaveLength(LINK_ITEMS_MAX);
  });
});
