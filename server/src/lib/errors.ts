/**
 * The one error type routes throw. Its body is exactly what the client's error catalogue
 * (spec section 8) reads; `message` is a translation key of the `common` namespace.
 */
import type { ApiErrorBody } from '../../../common/api-types.js';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }

  static badRequest(message = 'validation.invalid_request', details?: string) {
    return new ApiError(400, details ? { message, details } : { message });
  }
  static unauthorized(message: string, extra: Partial<ApiErrorBody> = {}) {
    return new ApiError(401, { message, ...extra });
  }
  static forbidden(message: string, extra: Partial<ApiErrorBody> = {}) {
    return new ApiError(403, { message, ...extra });
  }
  static notFound(message = 'request.not_found') {
    return new ApiError(404, { message });
  }
}
