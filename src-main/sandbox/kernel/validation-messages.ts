/**
 * Turns validation failures (against the OpenAPI document's schemas) into the platform's
 * error body: 422 `{ message, errors: { field: [message] } }` with Laravel-style messages
 * (observed: the live API answers this shape), or 400 when the body is not a form at all.
 */
import type { FieldErrors } from '../state/http-error';

/** One failure as Fastify's validator reports it (Ajv's error object). */
export interface ValidationFailure {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Status, message and field errors for a list of failures. */
export function describeValidationErrors(
  failures: readonly ValidationFailure[],
  context: string | undefined,
): { status: number; message: string; errors?: FieldErrors } {
  const errors: FieldErrors = {};
  for (const failure of failures) {
    const field = fieldOf(failure);
    if (field === '') {
      return {
        status: 400,
        message: `Bad request: the ${context ?? 'request'} must be a set of named fields.`,
      };
    }
    const message = messageOf(failure, field);
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const first = messages[0] ?? 'The given data was invalid.';
  return {
    status: 422,
    message: more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first,
    errors,
  };
}

function fieldOf(failure: ValidationFailure): string {
  const missing = failure.params.missingProperty;
  if (failure.keyword === 'required' && typeof missing === 'string') return missing;
  return failure.instancePath.replace(/^\//, '').replaceAll('/', '.');
}

function messageOf(failure: ValidationFailure, field: string): string {
  const { params } = failure;
  const limit = typeof params.limit === 'number' ? params.limit : undefined;
  switch (failure.keyword) {
    case 'required':
      return `The ${field} field is required.`;
    case 'minLength':
      return limit === 1
        ? `The ${field} field is required.`
        : `The ${field} must be at least ${limit} characters.`;
    case 'maxLength':
      return `The ${field} must not be greater than ${limit} characters.`;
    case 'minimum':
      return `The ${field} must be at least ${limit}.`;
    case 'maximum':
      return `The ${field} must not be greater than ${limit}.`;
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      return `The selected ${field} is invalid: use one of ${allowed.join(', ')}.`;
    }
    case 'type':
      return params.type === 'integer'
        ? `The ${field} must be an integer.`
        : `The ${field} must be a ${String(params.type)}.`;
    case 'format':
      return params.format === 'date'
        ? `The ${field} is not a valid date: use YYYY-MM-DD.`
        : params.format === 'date-time'
          ? `The ${field} is not a valid ISO-8601 date-time with offset, e.g. 2024-05-01T09:00:00+00:00.`
          : `The ${field} format is invalid.`;
    case 'pattern':
      return `The ${field} format is invalid.`;
    default:
      return `The ${field} is invalid (${failure.message ?? failure.keyword}).`;
  }
}
