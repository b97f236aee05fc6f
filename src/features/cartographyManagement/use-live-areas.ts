/**
 * The areas' management screens kept current (MODULES.md: live updates): the server's
 * `records:changed` for areas, groups, layers and declarations (the incidents) refetch what
 * shows them, and this device's own writes, once delivered, refetch the map's features (the
 * overlay of pending writes is gone by then).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOnDelivered } from '../../lib/outbox';
import { onRecordsChanged } from '../../lib/socket';
import { cartographyKeys } from '../cartography/api/keys';
import { areaKeys } from './api/keys';
import { MAP_RECORDS } from './record-writes';

/** The declarations' socket module (the server's DECLARATIONS_MODULE). */
const DECLARATIONS = 'declarations';

export function useLiveAreas(): void {
  const queryClient = useQueryClient();
  const refresh = (...keys: (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  useEffect(() => {
    const stops = [
      onRecordsChanged(MAP_RECORDS.areas.module, () => refresh(areaKeys.areas(), areaKeys.groups(), cartographyKeys.features())),
      onRecordsChanged(MAP_RECORDS.groups.module, () => refresh(areaKeys.groups(), areaKeys.areas(), cartographyKeys.features())),
      onRecordsChanged(MAP_RECORDS.layers.module, () => refresh(cartographyKeys.layers(), areaKeys.areas(), cartographyKeys.features())),
      onRecordsChanged(DECLARATIONS, () => refresh(cartographyKeys.features())),
    ];
    return () => {
      for (const stop of stops) stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query client is the app's one
  }, [queryClient]);
  useOnDelivered(MAP_RECORDS.areas.module, () => refresh(cartographyKeys.features(), areaKeys.groups()));
  useOnDelivered(MAP_RECORDS.groups.module, () => refresh(areaKeys.groups(), cartographyKeys.features()));
}
