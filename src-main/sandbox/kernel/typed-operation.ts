/**
 * Operation handlers typed from the generated OpenAPI types (src-main/platform/generated,
 * made from resources/openapi/live-v1.yaml and vod-v3.yaml): `Op<'live', 'getContract'>` names
 * one operation's path parameters, query, body and 200 reply, so a handler reads its inputs as
 * the document declares them and answers what the document promises, checked by `tsc`.
 *
 * Types only from `platform/generated/` (eslint.config.js allows nothing else of platform/):
 * the sandbox stays checked against the documents on its own (docs/dev/sandbox.md, "Platform
 * operations").
 */
import type {
  components as LiveComponents,
  operations as LiveOperations,
} from '../../platform/generated/live-v1';
import type {
  components as VodComponents,
  operations as VodOperations,
} from '../../platform/generated/vod-v3';
import type { Principal } from './auth';
import type { ApiName } from './openapi';
import type { OperationHandler, OperationHandlers } from './operation';

/** The generated `operations` interface of each API. */
export interface ApiOperations {
  live: LiveOperations;
  vod: VodOperations;
}

/** The generated `components['schemas']` of each API. */
export interface ApiSchemas {
  live: LiveComponents['schemas'];
  vod: VodComponents['schemas'];
}

/** A schema of `A`'s document by name, e.g. `Schema<'live', 'Contract'>`: what presenters answer. */
export type Schema<A extends ApiName, N extends keyof ApiSchemas[A]> = ApiSchemas[A][N];

/** An `operationId` of `A`'s document. */
export type OperationId<A extends ApiName> = keyof ApiOperations[A] & string;

/** `T` without `undefined`; an empty object when the document declares none (`never`). */
type Declared<T> = [Exclude<T, undefined>] extends [never]
  ? Record<string, never>
  : Exclude<T, undefined>;

/**
 * The schema a body is validated against, whatever its media type: the form-encoded one, else
 * JSON (openapi.ts `inputSchemas`). A multipart body (vod-multipart.ts) is checked against the
 * form-encoded schema too, so its fields and defaults are the form's.
 */
type ValidatedBody<C> = C extends { 'application/x-www-form-urlencoded': infer F }
  ? F
  : C extends { 'application/json': infer J }
    ? J
    : C[keyof C];

/** The body of a request as the handler reads it after validation. */
type BodyOf<S> = S extends { requestBody?: never }
  ? Record<string, never>
  : S extends { requestBody: { content: infer C } }
    ? ValidatedBody<C>
    : S extends { requestBody?: { content: infer C } }
      ? Partial<ValidatedBody<C>>
      : Record<string, never>;

/** The 200 JSON body; `undefined` for an operation that answers 204 (spec, Errors). */
type ReplyOf<S> = S extends { responses: { 200: { content: { 'application/json': infer R } } } }
  ? R
  : S extends { responses: { 204: unknown } }
    ? undefined
    : never;

/**
 * One operation of `A`: `params` (path), `query`, `body` and `reply` (200 body). Query
 * parameters the document gives a default stay optional here although validation fills them:
 * read them with `defaulted` (operation.ts keeps the untyped readers for the groups not yet
 * typed).
 */
export interface Op<A extends ApiName, Id extends OperationId<A>> {
  params: Declared<ApiOperations[A][Id] extends { parameters: { path?: infer P } } ? P : never>;
  query: Declared<ApiOperations[A][Id] extends { parameters: { query?: infer Q } } ? Q : never>;
  body: BodyOf<ApiOperations[A][Id]>;
  reply: ReplyOf<ApiOperations[A][Id]>;
}

/** What a typed handler of `Id` reads: the validated inputs and the live caller. */
export interface TypedInput<A extends ApiName, Id extends OperationId<A>> {
  params: Op<A, Id>['params'];
  query: Op<A, Id>['query'];
  body: Op<A, Id>['body'];
  /** The live caller; undefined for VOD calls. */
  principal?: Principal;
}

/** Answers one call with the 200 body the document declares (or throws `ApiError`). */
export type TypedHandler<A extends ApiName, Id extends OperationId<A>> = (
  input: TypedInput<A, Id>,
) => Op<A, Id>['reply'];

/** Typed handlers of some operations of `A`, by operationId. */
export type TypedHandlers<A extends ApiName> = {
  [Id in OperationId<A>]?: TypedHandler<A, Id>;
};

/**
 * The typed handlers as the server calls them. Sound because the server validated every
 * input against the same document before the handler runs (server.ts), coercing numbers and
 * applying defaults; a handler's reply is what `tsc` checked against the document.
 */
export function typedOperations<A extends ApiName>(handlers: TypedHandlers<A>): OperationHandlers {
  const untyped: OperationHandlers = {};
  const entries = Object.entries(handlers) as [
    string,
    TypedHandler<A, OperationId<A>> | undefined,
  ][];
  for (const [operationId, handler] of entries) {
    if (handler !== undefined) untyped[operationId] = handler as unknown as OperationHandler;
  }
  return untyped;
}

/**
 * A query parameter or body field the document gives a default, which validation has filled in.
 * @throws Error when it is missing (the document lost its default: a sandbox bug, a 500).
 */
export function defaulted<T>(value: T | undefined, name: string): T {
  if (value === undefined)
    throw new Error(`Input ${name} should have its default after validation.`);
  return value;
}
