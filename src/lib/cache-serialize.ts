/**
 * The read cache as the persisters save it (app/query-client.ts): the same JSON as
 * JSON.stringify of the persisted client, with each query's data turned into JSON once per
 * change. The persisters save the whole cache again whenever any query changes (at most once
 * a second); stringifying every query's data each time, the emergency list of a large district
 * and every kept sheet included, held the page's main thread for most of a replay of queued
 * writes (the Sites outbox bench's page profile). A query's data is replaced, never changed in
 * place, when it changes, and its dataUpdatedAt moves: the JSON kept for that data object at
 * that time is still its JSON.
 */
import type { PersistedClient } from '@tanstack/react-query-persist-client';

const dataJson = new WeakMap<object, { at: number; json: string }>();

function jsonOfData(data: unknown, at: number): string | undefined {
  if (typeof data !== 'object' || data === null) return data === undefined ? undefined : JSON.stringify(data);
  const kept = dataJson.get(data);
  if (kept !== undefined && kept.at === at) return kept.json;
  const json = JSON.stringify(data);
  dataJson.set(data, { at, json });
  return json;
}

/** `{...object}` with one more property whose value is already JSON. */
function withJsonProperty(objectJson: string, name: string, valueJson: string): string {
  const property = `${JSON.stringify(name)}:${valueJson}`;
  return objectJson === '{}' ? `{${property}}` : `${objectJson.slice(0, -1)},${property}}`;
}

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

/** JSON.stringify(query) of one dehydrated query, reusing its data's JSON when unchanged. */
export function serializeQuery(query: DehydratedQuery): string {
  const { state, ...others } = query;
  const { data, ...rest } = state;
  const json = jsonOfData(data, state.dataUpdatedAt);
  const stateJson = json === undefined ? JSON.stringify(rest) : withJsonProperty(JSON.stringify(rest), 'data', json);
  return withJsonProperty(JSON.stringify(others), 'state', stateJson);
}

/** JSON.stringify(client), reusing the JSON of data that has not changed since the last call. */
export function serializeCache(client: PersistedClient): string {
  const queries = client.clientState.queries.map(serializeQuery);
  const { clientState, ...head } = client;
  const { queries: _queries, ...otherState } = clientState;
  return withJsonProperty(JSON.stringify(head), 'clientState', withJsonProperty(JSON.stringify(otherState), 'queries', `[${queries.join(',')}]`));
}
