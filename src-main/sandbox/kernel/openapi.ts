/**
 * The OpenAPI documents as the sandbox's source of truth: which operations exist, their paths,
 * scopes (`security`), roles (`x-roles`) and the JSON schemas of their path, query and body
 * inputs. The server validates every request against these schemas, so the sandbox cannot
 * accept what the documents forbid.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Yaml from 'yaml';

/** The two APIs of the platform. */
export type ApiName = 'live' | 'vod';

/** A JSON schema or any part of a parsed document. */
export type JsonObject = Record<string, unknown>;

/** One operation of a document, ready to be served. */
export interface OperationSpec {
  api: ApiName;
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path as written in the document, relative to the base URL: `/v1/live/.../{channel_key}`. */
  pathTemplate: string;
  /** The same path in Fastify's syntax: `/v1/live/.../:channel_key`. */
  routePath: string;
  /** Scopes of the operation's `security` (live: `service_oauth2`); empty for none. */
  scopes: string[];
  /** `x-roles`; empty means no role restriction. */
  roles: string[];
  /** JSON schemas (draft-07 subset) of the inputs, `$ref`s resolved. */
  schema: { params?: JsonObject; querystring?: JsonObject; body?: JsonObject };
}

const documentFiles: Record<ApiName, string> = { live: 'live-v1.yaml', vod: 'vod-v3.yaml' };
const documents = new Map<ApiName, JsonObject>();
const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;

/**
 * The folder holding the documents: `resources/openapi/` found from this module's location
 * (source tree), else from the working directory (the app runs from the repo root).
 * @throws Error when neither holds live-v1.yaml.
 */
export function openApiDirectory(): string {
  const candidates = [
    fileURLToPath(new URL('../../resources/openapi/', import.meta.url)),
    fileURLToPath(new URL('../../../resources/openapi/', import.meta.url)),
    path.join(process.cwd(), 'resources', 'openapi'),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, documentFiles.live)));
  if (found === undefined) {
    throw new Error(`OpenAPI documents not found in ${candidates.join(' or ')}.`);
  }
  return found;
}

/**
 * The build's JSON copy of the document of `api` beside the main bundle
 * (`out/main/openapi/<name>.json`, written by electron.vite.config.ts from the YAML), or
 * null when there is none (running from the sources). Parsing the YAML took most of a second
 * of each start; JSON.parse of the same document takes milliseconds.
 */
function builtDocument(api: ApiName): string | null {
  const file = fileURLToPath(
    new URL(`./openapi/${documentFiles[api].replace(/\.yaml$/, '.json')}`, import.meta.url),
  );
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * The YAML parser, loaded only when a document is read from YAML (from the sources): the
 * built app reads the JSON copies and so never loads it at start.
 */
function parseYaml(text: string): unknown {
  const yaml = createRequire(import.meta.url)('yaml') as typeof Yaml;
  return yaml.parse(text);
}

/** The parsed document of `api` (read once, then cached): the build's JSON copy, else the YAML. */
export function loadOpenApiDocument(api: ApiName): JsonObject {
  const cached = documents.get(api);
  if (cached !== undefined) return cached;
  const built = builtDocument(api);
  const parsed: unknown =
    built !== null
      ? JSON.parse(built)
      : parseYaml(readFileSync(path.join(openApiDirectory(), documentFiles[api]), 'utf8'));
  if (!isObject(parsed)) throw new Error(`${documentFiles[api]} is not a YAML mapping.`);
  documents.set(api, parsed);
  return parsed;
}

/** Every operation of the document of `api`, in document order. */
export function listOperations(api: ApiName): OperationSpec[] {
  const document = loadOpenApiDocument(api);
  const operations: OperationSpec[] = [];
  for (const [pathTemplate, pathItemRaw] of Object.entries(objectAt(document, 'paths'))) {
    const pathItem = asObject(resolveRefs(document, pathItemRaw));
    const sharedParameters = arrayAt(pathItem, 'parameters');
    for (const method of methods) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const operationId = operation.operationId;
      if (typeof operationId !== 'string') {
        throw new Error(`${method.toUpperCase()} ${pathTemplate} has no operationId.`);
      }
      const parameters = mergeParameters(sharedParameters, arrayAt(operation, 'parameters'));
      operations.push({
        api,
        operationId,
        method: method.toUpperCase() as OperationSpec['method'],
        pathTemplate,
        routePath: toRoutePath(pathTemplate, parameters),
        scopes: securityScopes(document, operation),
        roles: arrayAt(operation, 'x-roles').filter((role) => typeof role === 'string'),
        schema: inputSchemas(parameters, operation),
      });
    }
  }
  return operations;
}

/** `node` with every local `$ref` replaced by its target; sibling keys override the target. */
export function resolveRefs(document: JsonObject, node: unknown, depth = 0): unknown {
  if (depth > 50) throw new Error('OpenAPI $ref nesting too deep (a cycle?).');
  if (Array.isArray(node)) return node.map((item) => resolveRefs(document, item, depth + 1));
  if (!isObject(node)) return node;
  const { $ref, ...rest } = node;
  const resolved: JsonObject = {};
  if (typeof $ref === 'string') {
    Object.assign(resolved, asObject(resolveRefs(document, pointer(document, $ref), depth + 1)));
  }
  for (const [key, value] of Object.entries(rest))
    resolved[key] = resolveRefs(document, value, depth + 1);
  return resolved;
}

/** True for a plain object (a YAML mapping). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Path-level parameters, overridden by operation-level ones of the same name and location. */
function mergeParameters(shared: unknown[], own: unknown[]): JsonObject[] {
  const byKey = new Map<string, JsonObject>();
  for (const parameter of [...shared, ...own].map(asObject)) {
    byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  return [...byKey.values()];
}

function inputSchemas(parameters: JsonObject[], operation: JsonObject): OperationSpec['schema'] {
  const schema: OperationSpec['schema'] = {};
  for (const location of ['path', 'query'] as const) {
    const ofLocation = parameters.filter((parameter) => parameter.in === location);
    if (ofLocation.length === 0) continue;
    const properties: JsonObject = {};
    const required: string[] = [];
    for (const parameter of ofLocation) {
      const name = String(parameter.name);
      properties[name] = toValidationSchema(parameter.schema ?? {});
      if (parameter.required === true) required.push(name);
    }
    schema[location === 'path' ? 'params' : 'querystring'] = {
      type: 'object',
      properties,
      required,
    };
  }
  const requestBody = operation.requestBody;
  if (isObject(requestBody)) {
    const content = objectAt(requestBody, 'content');
    const media = content['application/x-www-form-urlencoded'] ?? content['application/json'];
    if (isObject(media) && media.schema !== undefined)
      schema.body = toValidationSchema(media.schema);
  }
  return schema;
}

const validationKeywords = new Set([
  'type',
  'enum',
  'const',
  'default',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'maxProperties',
  'items',
  'properties',
  'required',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'description',
]);

/** Keeps the JSON Schema keywords Fastify's validator knows (drops `example`, `x-*`...). */
function toValidationSchema(schema: unknown): JsonObject {
  const source = asObject(schema);
  const result: JsonObject = {};
  for (const [keyword, value] of Object.entries(source)) {
    if (!validationKeywords.has(keyword)) continue;
    if (keyword === 'properties') {
      result.properties = Object.fromEntries(
        Object.entries(asObject(value)).map(([name, child]) => [name, toValidationSchema(child)]),
      );
    } else if (keyword === 'items' || (keyword === 'additionalProperties' && isObject(value))) {
      result[keyword] = toValidationSchema(value);
    } else if (keyword === 'oneOf' || keyword === 'anyOf' || keyword === 'allOf') {
      result[keyword] = (Array.isArray(value) ? value : []).map(toValidationSchema);
    } else {
      result[keyword] = value;
    }
  }
  return result;
}

/** `{name}` to `:name`; a parameter followed by text in its segment must be an integer. */
function toRoutePath(template: string, parameters: JsonObject[]): string {
  return template.replace(/\{([^}]+)\}([^/]*)/g, (_match, name: string, suffix: string) => {
    if (suffix === '') return `:${name}`;
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (!isObject(parameter?.schema) || parameter.schema.type !== 'integer') {
      throw new Error(`Path ${template}: only integer parameters may share a segment.`);
    }
    return `:${name}(^\\d+)${suffix}`;
  });
}

function securityScopes(document: JsonObject, operation: JsonObject): string[] {
  const requirements = operation.security ?? document.security;
  const scopes: string[] = [];
  for (const requirement of Array.isArray(requirements) ? requirements : []) {
    for (const list of Object.values(asObject(requirement))) {
      if (Array.isArray(list)) scopes.push(...list.filter((scope) => typeof scope === 'string'));
    }
  }
  return scopes;
}

function pointer(document: JsonObject, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, not ${ref}.`);
  let node: unknown = document;
  for (const token of ref.slice(2).split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(node) || !(key in node)) throw new Error(`Unresolvable $ref ${ref}.`);
    node = node[key];
  }
  return node;
}

function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

function objectAt(node: JsonObject, key: string): JsonObject {
  return asObject(node[key]);
}

function arrayAt(node: JsonObject, key: string): unknown[] {
  const value = node[key];
  return Array.isArray(value) ? value : [];
}
