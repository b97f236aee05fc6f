/** Builds the envelope for a handler's data, full when the request has a session. */
import type { FastifyRequest } from 'fastify';
import type { Envelope } from '../../../common/api-types.js';
import { buildEnvelope, emptyEnvelope } from './envelope.js';

export function respond<T>(request: FastifyRequest, data: T, message?: string): Promise<Envelope<T>> {
  const auth = request.auth;
  if (!auth) return Promise.resolve(emptyEnvelope(data, message));
  return buildEnvelope(auth.db, auth.accountId, auth.districtId, data, message, request.server.tenantCache);
}
