/**
 * The target a journal line names for a command (audit-log.ts): its keys, ids and titles
 * only, never a field whose name says it is secret (passwords, tokens, stream keys, user keys).
 */

/** Input fields that may name a target; fields whose names say secret never do. */
const targetField = /^(id|key|title|name|[a-z][A-Za-z]*(Key|Keys|Id|Ids|Title))$/;
const secretField = /(secret|password|passwd|token|stream|access|userkey|private|passphrase)/i;

/**
 * The target of a command from its validated input: the values of its key, id and title
 * fields (strings, numbers, or lists of them), never a field whose name says it is secret.
 */
export function auditTarget(input: unknown): Record<string, string | string[]> {
  const target: Record<string, string | string[]> = {};
  if (input === null || typeof input !== 'object') return target;
  for (const [field, value] of Object.entries(input)) {
    if (!targetField.test(field) || secretField.test(field) || field === 'confirmTitle') continue;
    if (typeof value === 'string' || typeof value === 'number') target[field] = String(value);
    else if (
      Array.isArray(value) &&
      value.every((v) => typeof v === 'string' || typeof v === 'number')
    )
      target[field] = value.slice(0, 50).map(String);
  }
  return target;
}
