/**
 * The `en` and `ko` catalogues stay complete: the same keys, the same `{param}` placeholders
 * per key, no empty string, no key nothing uses; the bridge's English validation messages all
 * have a catalogue entry; and a message main writes reads in Korean with its nested parts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/index';
import { en } from '../../shared/i18n/en';
import { ko } from '../../shared/i18n/ko';
import { englishText, say, validationText } from '../../shared/i18n/say';
import { resolveParams, type MessageRef } from '../../shared/i18n/message';
import { glossary } from '../../shared/i18n/glossary';

function leaves(catalogue: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value as object, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** Every source file of main and the renderer, tests and the catalogues themselves left out. */
function productSources(): string {
  const root = join(import.meta.dirname, '../../..');
  return ['src-main', 'src-renderer']
    .flatMap((top) =>
      readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })
        .filter(
          (file) =>
            /\.(ts|svelte)$/.test(file) &&
            !file.endsWith('.test.ts') &&
            !file.startsWith(join('shared', 'i18n')),
        )
        .map((file) => readFileSync(join(root, top, file), 'utf8')),
    )
    .join('\n');
}

/**
 * Keys used in ways neither a quoted key nor a template literal shows: the secret fields'
 * validation messages, whose English text one template writes for each kind of secret
 * (shared/commands/workspaces.ts).
 */
const builtElsewhere = new Set(
  ['token', 'pat', 'accessToken'].flatMap((secret) => [
    `validation.paste${secret[0]?.toUpperCase()}${secret.slice(1)}`,
    `validation.${secret}Long`,
    `validation.${secret}Spaces`,
  ]),
);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const enLeaves = leaves(en);
const koLeaves = leaves(ko);

describe('catalogues', () => {
  it('never give two catalogue files the same top-level key (one would silently replace the other)', async () => {
    for (const language of ['en', 'ko']) {
      const dir = join(import.meta.dirname, '../../shared/i18n', language);
      const owners = new Map<string, string>();
      const clashes: string[] = [];
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
        const module = (await import(join(dir, file))) as Record<string, object>;
        for (const namespace of Object.values(module))
          for (const key of Object.keys(namespace)) {
            if (owners.has(key))
              clashes.push(`${language}: ${key} in ${owners.get(key)} and ${file}`);
            owners.set(key, file);
          }
      }
      expect(clashes).toEqual([]);
    }
  });

  it('have the same keys in en and ko', () => {
    const missingInKo = [...enLeaves.keys()].filter((key) => !koLeaves.has(key));
    const extraInKo = [...koLeaves.keys()].filter((key) => !enLeaves.has(key));
    expect({ missingInKo, extraInKo }).toEqual({ missingInKo: [], extraInKo: [] });
  });

  it('use the same {param} placeholders in en and ko for every key', () => {
    const differing = [...enLeaves].flatMap(([key, text]) => {
      const other = koLeaves.get(key);
      return other !== undefined &&
        JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(other))
        ? [`${key}: ${placeholders(text).join(',')} ≠ ${placeholders(other).join(',')}`]
        : [];
    });
    expect(differing).toEqual([]);
  });

  it('have no empty message', () => {
    const empty = [...enLeaves, ...koLeaves].filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('hold no key nothing uses: each is quoted in main or the renderer, or built by a template', () => {
    const sources = productSources();
    const quoted = new Set([...sources.matchAll(/(['"`])([A-Za-z][\w.-]*)\1/g)].map((m) => m[2]));
    // `channelAdmin.${tab}.lead` stands for `channelAdmin.<one or more segments>.lead`.
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const templates = [...sources.matchAll(/`([A-Za-z][\w.]*\$\{[^`]*)`/g)].map(
      (m) =>
        new RegExp(
          `^${(m[1] ?? '')
            .split(/\$\{[^}]*\}/)
            .map(escape)
            .join('[\\w.]+')}$`,
        ),
    );
    const plural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
    const unused = [...enLeaves]
      .filter(
        ([key, text]) =>
          !quoted.has(key) &&
          !quoted.has(plural(key)) &&
          !templates.some((template) => template.test(key)) &&
          // A validation message is found by its English text (say.ts, validationText).
          !(
            key.startsWith('validation.') &&
            [`'${text}'`, `"${text}"`].some((q) => sources.includes(q))
          ) &&
          !builtElsewhere.has(key),
      )
      .map(([key]) => key);
    expect(templates.length).toBeGreaterThan(20);
    expect(unused).toEqual([]);
  });

  it('give every English validation message of the command declarations a catalogue entry', () => {
    // Every domain's declarations (shared/commands/*.ts) hold the zod messages.
    const folder = join(import.meta.dirname, '../..', 'shared', 'commands');
    const declarations = readdirSync(folder)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => readFileSync(join(folder, name), 'utf8'))
      .join('\n');
    const literals = [...declarations.matchAll(/'([A-Z][^'\n]*\.)'/g)].map((m) => m[1] ?? '');
    const secrets = ['token', 'personal access token', 'access token'].flatMap((what) => [
      `Paste the ${what}.`,
      `That ${what} is too long.`,
      `A ${what} has no spaces or line breaks.`,
    ]);
    const unknown = [...literals, ...secrets].filter((text) => validationText(text) === null);
    expect(literals.length).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });
});

describe('messages main writes', () => {
  it('read in English for the log and in Korean for the operator, nested parts included', () => {
    const said = say('uploadProblem.stopped', {
      why: { key: 'uploadProblem.brokeOff', params: { detail: 'ECONNRESET' } },
    });
    expect(said.message).toBe('The upload stopped: the connection broke off (ECONNRESET).');
    const korean = createI18n('ko');
    const translate = (m: MessageRef): string =>
      (korean.t as unknown as (key: string, params?: object) => string)(
        m.key,
        resolveParams(m.params, translate),
      );
    expect(translate(said.text)).toBe('업로드가 멈췄습니다: 연결이 끊겼습니다 (ECONNRESET).');
  });

  it('pick the plural form by count in English', () => {
    expect(englishText('plans.cost', { count: 1 })).toBe('1 call, about 1 s at 1 call a second.');
    expect(englishText('plans.cost', { count: 12 })).toBe(
      '12 calls, about 12 s at 1 call a second.',
    );
  });
});

describe('glossary', () => {
  it('is held to: a message naming a checked term in English names it in Korean', () => {
    const misses = glossary
      .filter((term) => term.check)
      .flatMap((term) => {
        const english = new RegExp(`\\b${term.en.replace(/[-]/g, '\\-')}s?\\b`, 'i');
        return [...enLeaves].flatMap(([key, text]) =>
          english.test(text.replace(/\{\w+\}/g, '')) && !(koLeaves.get(key) ?? '').includes(term.ko)
            ? [`${key}: “${term.en}” → “${term.ko}”`]
            : [],
        );
      });
    expect(misses).toEqual([]);
  });
});
