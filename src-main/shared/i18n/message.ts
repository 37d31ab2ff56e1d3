/**
 * A message main writes for the operator, as a catalogue key with its parameters, so the
 * renderer shows it in the operator's language (main keeps the English text for its log).
 */
import type { en } from './en';

/** `files` for `files_one` / `files_other`: i18next picks the plural form by `count`. */
type PluralBase<K extends string> = K extends `${infer Base}_one` | `${infer Base}_other`
  ? Base
  : never;

/** Dotted paths to the leaves of a catalogue (plural keys also by their base), e.g. `errors.internal`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}` | `${Prefix}${PluralBase<K>}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Any key of the catalogues. */
export type MessageKey = Leaves<typeof en>;

/**
 * A catalogue message with the values of its `{param}` placeholders. A value may itself be a
 * catalogue message (e.g. the cause inside "The upload stopped: {why}."), translated first.
 */
export interface MessageRef {
  key: MessageKey;
  params?: MessageParams;
}

/** Values of a message's placeholders (and `count` for plural keys). */
export type MessageParams = Record<string, string | number | MessageRef>;

/** `params` with every nested message translated by `translate`. */
export function resolveParams(
  params: MessageParams | undefined,
  translate: (message: MessageRef) => string,
): Record<string, string | number> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'object' ? translate(value) : value,
    ]),
  );
}

/** The shape of a catalogue with any strings at its leaves: what `ko` must match. */
export type CatalogueShape<T> = {
  [K in keyof T]: T[K] extends string ? string : CatalogueShape<T[K]>;
};
