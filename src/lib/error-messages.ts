/**
 * Turning an ApiError into the sentence a user reads (spec section 8, the part the login page
 * needs now; the full catalogue, with redirection, requiredPermissions and infos, grows here).
 */
import type { RedisInfo } from '../../common/api-types';
import { ApiError } from './api-client';
import { i18n, translateIfKnown } from './i18n';

function describeRedis(redis: RedisInfo): string {
  return 'lockoutSeconds' in redis
    ? i18n.t('errors.lockout', { seconds: redis.lockoutSeconds })
    : i18n.t('errors.attempts', { attempts: redis.attempts, maxAttempts: redis.maxAttempts });
}

export function describeApiError(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return i18n.t('communication_error');
  const { body, status } = error;
  const message =
    translateIfKnown(body.message) ??
    (status === 429 ? i18n.t('auth.too_many_attempts') : i18n.t('internal_error'));
  return body.redis === undefined ? message : `${message} ${describeRedis(body.redis)}`;
}
