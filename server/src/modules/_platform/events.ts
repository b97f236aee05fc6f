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
  /** The record's new version; null when the record is unchanged but one of its attachments completed. */
  version: number | null;
}

export function emitRecordChanged(io: Server, clientDb: string, districtId: string, change: RecordsChanged): void {
  io.to(districtRoom(clientDb, districtId)).emit(RECORDS_CHANGED_EVENT, change);
}
