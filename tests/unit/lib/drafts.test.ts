// Form drafts in IndexedDB: kept across a reopened database, per tenant, deleted on demand.
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteDraft, deleteDraftPart, deleteDraftParts, loadDraft, loadDraftParts, saveDraft, saveDraftParts } from '../../../src/lib/drafts';
import { closeOutboxDb } from '../../../src/lib/outbox/db';
import { makeAccessToken } from '../../../src/testing/fixtures';
import { seedSession } from '../../../src/testing/session';
import { freshIndexedDb } from '../features/emergency/outbox-testing';

describe('form drafts', () => {
  beforeEach(freshIndexedDb);

  it('come back after a reload, and are gone once deleted', async () => {
    seedSession();
    await saveDraft('sites.edit.r1', { name: 'Dépôt nord', gps: { lat: 45, lng: 4 } });
    await closeOutboxDb();
    expect(await loadDraft('sites.edit.r1')).toEqual({ name: 'Dépôt nord', gps: { lat: 45, lng: 4 } });
    await deleteDraft('sites.edit.r1');
    expect(await loadDraft('sites.edit.r1')).toBeUndefined();
  });

  it('belong to one account in one district', async () => {
    seedSession({ token: makeAccessToken({ did: 'district-a' }) });
    await saveDraft('sites.new', { name: 'A' });
    seedSession({ token: makeAccessToken({ did: 'district-b' }) });
    expect(await loadDraft('sites.new')).toBeUndefined();
    seedSession({ token: makeAccessToken({ did: 'district-a', email: 'someone.else@example.org' }) });
    expect(await loadDraft('sites.new')).toBeUndefined();
    seedSession({ token: makeAccessToken({ did: 'district-a' }) });
    expect(await loadDraft('sites.new')).toEqual({ name: 'A' });
  });

  it('kept in parts: each part written alone, all read back together, none of another draft', async () => {
    seedSession();
    await saveDraftParts('fill:1', { '': { signedBy: 'Ana' }, ':answer:q1': { value: 'yes' } });
    await saveDraftParts('fill:1', { ':answer:q2': { value: 'no' } });
    await saveDraftParts('fill:12', { '': { signedBy: 'Other' } });
    await deleteDraftPart('fill:1', ':answer:q1');
    await closeOutboxDb();
    expect(await loadDraftParts('fill:1')).toEqual(new Map([['', { signedBy: 'Ana' }], [':answer:q2', { value: 'no' }]]));
    await deleteDraftParts('fill:1');
    expect((await loadDraftParts('fill:1')).size).toBe(0);
    expect(await loadDraftParts('fill:12')).toEqual(new Map([['', { signedBy: 'Other' }]]));
  });
});
