/**
 * What the actions' live updates refetch (src/features/actions/live.ts): the server tells a
 * plan's `records:changed` for its own writes and for an action's write that moves its progress;
 * the plans list and that plan's page (its progress and its actions) are read again, other
 * plans' pages are left alone.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ACTIONS_MODULE, PLANS_MODULE } from '../../../../common/modules/actions/schemas';
import { actionsKeys } from '../../../../src/features/actions/api/keys';
import { liveRefreshes } from '../../../../src/features/actions/live';

const PLAN = '7d1f4f5e-0b7e-4a49-9a53-2f0a9a6c1d01';
const OTHER_PLAN = '7d1f4f5e-0b7e-4a49-9a53-2f0a9a6c1d02';
const ACTION = '7d1f4f5e-0b7e-4a49-9a53-2f0a9a6c1d03';

function clientWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of keys) client.setQueryData(key, { loaded: true });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, stale };
}

describe('the plans told live', () => {
  it('a plan’s change refetches the plans list and that plan’s page and actions, not another plan’s', () => {
    const keys = [actionsKeys.planList(''), actionsKeys.planList('audit'), actionsKeys.plan(PLAN), actionsKeys.planActions(PLAN), actionsKeys.plan(OTHER_PLAN), actionsKeys.planActions(OTHER_PLAN), actionsKeys.list({})];
    const { client, stale } = clientWith(keys);
    liveRefreshes(client)[PLANS_MODULE]([PLAN]);
    expect(keys.map(stale)).toEqual([true, true, true, true, false, false, false]);
  });

  it('an action’s change refetches the actions lists and its sheet, and leaves the plans to their own event', () => {
    const keys = [actionsKeys.list({}), actionsKeys.bySource(PLAN), actionsKeys.detail(ACTION), actionsKeys.history(ACTION), actionsKeys.plan(PLAN), actionsKeys.planList('')];
    const { client, stale } = clientWith(keys);
    liveRefreshes(client)[ACTIONS_MODULE]([ACTION]);
    expect(keys.map(stale)).toEqual([true, true, true, true, false, false]);
  });
});
