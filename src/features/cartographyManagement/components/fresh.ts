/**
 * A management page's records read again when they change: the server's `records:changed`
 * of their module (another manager, another device) and this device's deliveries of its
 * outbox writes. The map's own reads (features, layers) follow, so the map and its legend show
 * the change too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useOnDelivered } from '../../../lib/outbox';
import { onRecordsChanged } from '../../../lib/socket';
import { cartographyKeys } from '../../cartography/api/keys';
import { managementKeys } from '../api/keys';

export function useFreshRecords(module: string, parts: readonly ('points' | 'categories' | 'layers')[]): void {
  const queryClient = useQueryClient();
  const key = parts.join(',');
  const refresh = useCallback(() => {
    for (const part of key.split(',')) void queryClient.invalidateQueries({ queryKey: [...managementKeys.all, part] });
    void queryClient.invalidateQueries({ queryKey: cartographyKeys.features() });
    void queryClient.invalidateQueries({ queryKey: cartographyKeys.layers() });
  }, [queryClient, key]);
  useEffect(() => onRecordsChanged(module, refresh), [module, refresh]);
  useOnDelivered(module, refresh);
}
