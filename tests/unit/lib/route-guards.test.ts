import { isRedirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publishEnvelope, resetEnvelope } from '../../../src/lib/envelope-store';
import { requireCan } from '../../../src/lib/route-guards';
import { clearToasts, getToasts } from '../../../src/lib/toast';
import { makeEnvelope } from '../../../src/testing/fixtures';

const withRights = (rights: string[]) => publishEnvelope(makeEnvelope(null, { rights }));

/** Where the guard sent the reader, or null when it let them in. */
function guarded(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return thrown.options.href ?? null;
  }
}

describe('a module page’s rights guard', () => {
  afterEach(() => {
    resetEnvelope();
    clearToasts();
  });

  it('lets in a reader who holds the right, without a toast', () => {
    withRights(['contactV2.contactV2_read']);
    expect(guarded(() => requireCan('contactV2', 'read', '/contactV2/contacts'))).toBeNull();
    expect(getToasts()).toEqual([]);
  });

  it('sends a reader refused a write back to the module’s list, with the toast naming the module', () => {
    withRights(['contactV2.contactV2_read']);
    expect(guarded(() => requireCan('contactV2', 'manage', '/contactV2/contacts'))).toBe('/contactV2/contacts');
    expect(getToasts().map((toast) => toast.message)).toEqual(['You do not have the rights needed for this action. Contacts']);
  });

  it('sends a member refused the module itself to the dashboard, never to the list it cannot read', () => {
    withRights([]);
    expect(guarded(() => requireCan('contactV2', 'read', '/contactV2/contacts'))).toBe('/dashboard');
  });

  it('names the module as the catalogue does where its name is not the feature’s', () => {
    withRights([]);
    guarded(() => requireCan('workflow', 'manage', '/workflow/workflow-view', 'workflows'));
    expect(getToasts().map((toast) => toast.message)).toEqual(['You do not have the rights needed for this action. Workflows']);
  });
});
