/**
 * The socket event every module emits after a committed write, to the district's room (the
 * sockets of every session in that client database and district): open apps invalidate the
 * module's queries for the record. Only ids and the new version travel; the data is read
 * again through the routes, with their rights checks.
 */
import type { Server } from 'socket.io';
import { districtRoom } from '../../socket/index.js';

export const RECORDS_CHANGED_EVENT = 'records:changed';

export interface RecordsChanged {
  module: string;
  id: string;
  /**
   * The record's new version; null when the record is unchanged but what it shows moved: one of
   * its attachments completed, or (a plan) the progress of its actions.
   */
  version: number | null;
}

type ChangeListener = (clientDb: string, districtId: string, change: RecordsChanged) => void;
const listeners = new Set<ChangeListener>();

/**
 * Listens to the record writes of this process, whoever made them: a module's caches of its
 * lists are dropped by a write made outside its routes (an attachment deleted through
 * /api/attachments is a write of its record). Returns the function that stops listening.
 */
export function onRecordChanged(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRecordChanged(io: Server, clientDb: string, districtId: string, change: RecordsChanged): void {
  for (const listener of listeners) listener(clientDb, districtId, change);
  io.to(districtRoom(clientDb, districtId)).emit(RECORDS_CHANGED_EVENT, change);
}
