/**
 * Cartography management's pages kept current (MODULES.md: live updates): the server's
 * `records:changed` of each kind a page shows (another manager, another device) and this
 * device's deliveries of its outbox writes of that kind refetch what shows them, and the map's
 * own reads (its features, and the layers for the legend), so the map shows the change too.
 * One table says, for each kind, its socket (and outbox) module and the reads it changes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onDelivered } from '../../../lib/outbox';
import { onRecordsChanged } from '../../../lib/socket';
import { cartographyKeys } from '../api/keys';
import { areaKeys, managementKeys } from './api/keys';
import { MAP_RECORDS, type MapRecordKind } from './record-writes';

export type LiveKind = MapRecordKind | 'incidents';

const points = managementKeys.points();

/** Each kind's module (its socket events, its outbox writes) and the reads that show it, besides the map's features. */
export const LIVE_RECORDS: Record<LiveKind, { module: string; keys: readonly (readonly unknown[])[] }> = {
  points: { module: MAP_RECORDS.points.module, keys: [points, cartographyKeys.layers()] },
  categories: { module: MAP_RECORDS.categories.module, keys: [[...managementKeys.all, 'categories'], points, cartographyKeys.layers()] },
  layers: { module: MAP_RECORDS.layers.module, keys: [[...managementKeys.all, 'layers'], points, cartographyKeys.layers(), areaKeys.areas()] },
  areas: { module: MAP_RECORDS.areas.module, keys: [areaKeys.areas(), areaKeys.groups()] },
  groups: { module: MAP_RECORDS.groups.module, keys: [areaKeys.groups(), areaKeys.areas()] },
  // The incidents are the declarations (the server's DECLARATIONS_MODULE), read with the map's features.
  incidents: { module: 'declarations', keys: [] },
};

/** What the areas, groups and incidents pages show: the areas, their groups and layers, the incidents. */
export const AREA_PAGES_LIVE: readonly LiveKind[] = ['areas', 'groups', 'layers', 'incidents'];

/** Keeps the page's `kinds` current while it shows. */
export function useLiveRecords(kinds: readonly LiveKind[]): void {
  const queryClient = useQueryClient();
  const key = kinds.join(',');
  useEffect(() => {
    const live = key.split(',').map((kind) => LIVE_RECORDS[kind as LiveKind]);
    const refresh = (keys: readonly (readonly unknown[])[]) => {
      for (const queryKey of [...keys, cartographyKeys.features()]) void queryClient.invalidateQueries({ queryKey });
    };
    const stops = live.map(({ module, keys }) => onRecordsChanged(module, () => refresh(keys)));
    stops.push(
      onDelivered((module) => {
        const kind = live.find((candidate) => candidate.module === module);
        if (kind !== undefined) refresh(kind.keys);
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, key]);
}
