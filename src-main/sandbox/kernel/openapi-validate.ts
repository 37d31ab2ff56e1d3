/**
 * Validates a response body against the schema the OpenAPI document gives for an operation and
 * status (resources/openapi/*.yaml, OpenAPI 3.1 = JSON Schema 2020-12), with ajv.
 *
 * Usage (contract tests): `expect(validateResponse('live', 'getContract', 200, body)).toEqual([])`.
 *
 * - `$ref`s to `#/components/...` are resolved by ajv against the document's components, so
 *   recursive schemas work; a response that is itself a `$ref` (`#/components/responses/X`)
 *   is followed first.
 * - The status is looked up as written (`'200'`), then as its class (`'2XX'`), then `default`.
 * - Formats (`date-time`, `date`, `uri`, `email`...) are checked by ajv-formats; keywords
 *   ajv does not know (`example`, `x-*`) are ignored.
 * - Validators are compiled once per (api, operationId, status) and cached.
 */
import { createRequire } from 'node:module';
import type Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import type addFormats from 'ajv-formats';
import type { ApiName, JsonObject } from './openapi';
import { isObject, loadOpenApiDocument } from './openapi';

const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;
const documentIds: Record<ApiName, string> = {
  live: 'https://sandbox.onair.invalid/live-v1.json',
  vod: 'https://sandbox.onair.invalid/vod-v3.json',
};

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/**
 * Error messages (`"/data/0/id must be integer"`), empty when `body` matches the schema of the
 * `status` answer of `operationId`. An unknown operation or an undocumented status is reported
 * as one message, not thrown, so a contract test shows it like any mismatch.
 */
export function validateResponse(
  api: ApiName,
  operationId: string,
  status: number,
  body: unknown,
): string[] {
  const key = `${api} ${operationId} ${status}`;
  let validate = validators.get(key);
  if (validate === undefined) {
    const found = responseSchema(api, operationId, status);
    if (typeof found === 'string') return [found];
    validate = compiler().compile(found);
    validators.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map(describeError);
}

/**
 * The JSON schema of the `application/json` answer of `operationId` with `status`, with its
 * `$ref`s made absolute (pointing into the registered document), or a message saying why none.
 */
export function responseSchema(
  api: ApiName,
  operationId: string,
  status: number,
): JsonObject | string {
  const document = loadOpenApiDocument(api);
  const operation = findOperation(document, operationId);
  if (operation === undefined) return `The ${api} document has no operation ${operationId}.`;
  const responses = isObject(operation.responses) ? operation.responses : {};
  const candidates = [String(status), `${String(status).charAt(0)}XX`, 'default'];
  const raw = candidates.map((code) => responses[code]).find((value) => value !== undefined);
  if (raw === undefined) return `${api} ${operationId} documents no answer with status ${status}.`;
  const response = followRef(document, raw);
  const content = isObject(response.content) ? response.content : {};
  const media = content['application/json'];
  if (!isObject(media) || media.schema === undefined) {
    return `${api} ${operationId} documents no JSON body for status ${status}.`;
  }
  const schema = absoluteRefs(media.schema, documentIds[api]);
  return isObject(schema) ? schema : {};
}

function compiler(): Ajv2020 {
  if (ajv !== undefined) return ajv;
  // Loaded on first use, not imported: ajv is a development dependency (the contract tests'
  // response check, reached through sandbox/index.ts), which the app's bundle never loads.
  const load = createRequire(import.meta.url);
  const Ajv = (load('ajv/dist/2020') as { default: typeof Ajv2020 }).default;
  const formats = (load('ajv-formats') as { default: typeof addFormats }).default;
  const created = new Ajv({ strict: false, allErrors: true, logger: false });
  formats(created);
  for (const api of ['live', 'vod'] as const) {
    const document = loadOpenApiDocument(api);
    created.addSchema({ $id: documentIds[api], components: document.components ?? {} });
  }
  ajv = created;
  return created;
}

function findOperation(document: JsonObject, operationId: string): JsonObject | undefined {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const pathItem of Object.values(paths)) {
    const item = followRef(document, pathItem);
    for (const method of methods) {
      const operation = item[method];
      if (isObject(operation) && operation.operationId === operationId) return operation;
    }
  }
  return undefined;
}

/** A node, or the node its `$ref` points to (one level, local refs only). */
function followRef(document: JsonObject, node: unknown): JsonObject {
  if (!isObject(node)) return {};
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let target: unknown = document;
  for (const token of ref.slice(2).split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    target = isObject(target) ? target[key] : undefined;
  }
  return followRef(document, target);
}

/** A copy of `node` where `#/...` refs become `<documentId>#/...`. */
function absoluteRefs(node: unknown, documentId: string): unknown {
  if (Array.isArray(node)) return node.map((item) => absoluteRefs(item, documentId));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? documentId + value
        : absoluteRefs(value, documentId),
    ]),
  );
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'body' : error.instancePath;
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${String((error.params as { additionalProperty?: unknown }).additionalProperty)})`
      : error.keyword === 'enum'
        ? ` (${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)})`
        : '';
  return `${where} ${error.message ?? 'is invalid'}${extra}`;
}
