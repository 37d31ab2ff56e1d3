/**
 * A valid input for any declared command, made from its zod schema (through its JSON Schema),
 * for the tests that walk every declaration through the pipeline: the smallest value each
 * field accepts (keys like `k1`, times in 2026, first enum values, first union branches).
 * Test support only.
 */
import { z } from 'zod';
import { commands, type CommandName } from '../../shared/bridge';
import type { CommandDecl } from '../../shared/commands/define';

type Schema = Record<string, unknown>;

/** Fields whose refinements no JSON Schema says: a valid value for each, by command. */
const knownFields: Partial<Record<CommandName, Record<string, unknown>>> = {
  // Loopback only: a walk that sends it checks an address on this machine (port 9: refused).
  'account.add': { baseUrl: 'http://127.0.0.1:9/api' },
  'channelAdmin.setCallbacks': { live: '', recordingDestination: '', playback: '' },
  'channelAdmin.createSyndication': { link: 'rtmp://127.0.0.1/live' },
  'channelAdmin.updateSyndication': { link: 'rtmp://127.0.0.1/live' },
  'content.uploadPoster': { poster: { fileName: 'poster.png', base64: 'iVBORw0KGgo=' } },
  'batches.progress': { batchId: '00000000-0000-4000-8000-000000000000' },
  'subtitle.update': { name: 'Sample' },
  'contentKey.get': { key: 'abcd1234' },
  'contentKey.validate': { key: 'abcd1234' },
  'contentKey.assign': { key: 'abcd1234' },
  'userKey.reissue': { userKey: 'a'.repeat(32) },
  'userKey.delete': { userKey: 'a'.repeat(32) },
  // Loopback only, a free port: a walk that runs it hosts on this machine alone.
  'studio.startHosting': { address: '127.0.0.1', port: 0 },
  'studio.revokeSeat': { seatId: '0'.repeat(16) },
  'studio.join': { url: 'https://127.0.0.1:9/', fingerprint: 'AB'.repeat(32), seatName: 'Sample' },
  'studio.startBackup': {
    url: 'https://127.0.0.1:9/',
    fingerprint: 'AB'.repeat(32),
    seatName: 'Sample',
    address: '127.0.0.1',
    port: 0,
  },
  'panels.revoke': { id: 'pnl-000000000000' },
  'panels.setCommands': { id: 'pnl-000000000000' },
  'channel.focus': { position: 1 },
  'settings.changeShortcut': { reset: 'broadcast.setCuePoint' },
};

const stringCandidates = [
  'k1',
  'Sample',
  'https://127.0.0.1/callback',
  '127.0.0.1',
  'operator@example.com',
  '2026-11-24',
  '12:00',
  '#ffffff',
  'ko',
  'KR',
];

function sampleOf(schema: Schema, defs: Record<string, Schema>): unknown {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    return sampleOf(defs[name] ?? {}, defs);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (options?.[0]) {
    const concrete = options.find((option) => option.type !== 'null') ?? options[0];
    return sampleOf(concrete, defs);
  }
  if (Array.isArray(schema.allOf) && schema.allOf[0])
    return sampleOf(schema.allOf[0] as Schema, defs);
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(
        required.map((name) => [name, sampleOf(properties[name] ?? {}, defs)]),
      );
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return Array.from({ length: count }, () => sampleOf((schema.items ?? {}) as Schema, defs));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const exclusive =
        typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
      return min ?? exclusive ?? 1;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema);
    default:
      return {};
  }
}

function sampleString(schema: Schema): string {
  if (schema.format === 'date-time') return '2026-11-25T12:00:00Z';
  if (schema.format === 'date') return '2026-11-24';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://127.0.0.1/callback';
  if (schema.format === 'email') return 'operator@example.com';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : null;
  const fits = (text: string) =>
    text.length >= min && text.length <= max && (!pattern || pattern.test(text));
  return stringCandidates.find(fits) ?? 'k'.repeat(Math.max(1, min));
}

/**
 * A valid input of `name`; `overrides` are merged over it (an object input).
 * @throws Error when no valid input could be made (the test then names the command).
 */
export function sampleInput(name: CommandName, overrides: Record<string, unknown> = {}): unknown {
  const { input } = commands[name] as CommandDecl;
  const json = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Schema;
  const defs = (json.$defs ?? {}) as Record<string, Schema>;
  const base = sampleOf(json, defs);
  const value =
    base !== null && typeof base === 'object' && !Array.isArray(base)
      ? { ...base, ...knownFields[name], ...overrides }
      : base;
  const parsed = input.safeParse(value);
  if (!parsed.success)
    throw new Error(`${name}: no sample input (${parsed.error.issues[0]?.message ?? ''})`);
  return value;
}
