/**
 * Errors the sandbox platform answers with. Handlers throw them; the server turns them into
 * the live body `{ message, errors? }` or the VOD body `{ status: 'fail', message, errors? }`
 * (docs/platform-facts.md, "Envelopes, errors, paging").
 */

/** Field errors by field name, Laravel style: `{ title: ['The title field is required.'] }`. */
export type FieldErrors = Record<string, string[]>;

/** An error answer: HTTP status, operator-readable message, optional field errors and headers. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 404 for an unknown object, e.g. `notFound('channel', 'abc')`. */
export function notFound(what: string, key: string): ApiError {
  return new ApiError(404, `No ${what} with the key "${key}" exists in this service account.`);
}

/** 422 for an action the object's state forbids; `field` adds the message as a field error. */
export function unprocessable(message: string, field?: string): ApiError {
  return new ApiError(422, message, field === undefined ? undefined : { [field]: [message] });
}
