/**
 * The central error handler: every failure leaves as `{ message, … }` (docs/api.md) with a
 * 4xx for anything the caller sent wrong, a 503 `service_unavailable` while the database cannot
 * be reached, and a 500 that hides its details otherwise.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../../common/constants.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError } from '../lib/errors.js';

/** Seconds a client is told to wait before retrying while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 400, message: 'request.body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'request.unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'request.invalid_body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'validation.invalid_request' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'request.invalid_json' },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.body);
    if (error.validation) {
      return reply.status(400).send({ message: 'validation.invalid_request', details: `${error.validationContext ?? 'request'} ${error.message}` });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error instanceof SyntaxError) return reply.status(400).send({ message: 'request.invalid_json' });
    if (isDatabaseUnavailable(error)) {
      // Not the caller's fault and not a bug: the database is down or restarting. The pools
      // reconnect by themselves, so the same request succeeds once it is back.
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ message: 'request.invalid', details: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'internal_error' });
  });
}
