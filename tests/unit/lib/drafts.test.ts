// Form drafts in IndexedDB: kept across a reopened database, per tenant, deleted on demand.
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteDraft, loadDraft, saveDraft } from '../../../src/lib/drafts';
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
});
