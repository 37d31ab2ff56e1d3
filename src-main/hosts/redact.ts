/**
 * Removes secrets from text bound for logs and error reports: bearer tokens in
 * `Authorization` headers, `access_token` query parameters, JWT-shaped strings, and the
 * browser host's launch secret in `#k=` fragments.
 */
const patterns: [RegExp, string][] = [
  [/(authorization["']?\s*[:=]\s*["']?bearer\s+)[^\s"',}]+/gi, '$1[redacted]'],
  [/(bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1[redacted]'],
  [/([?&]access_token=)[^&\s"']+/gi, '$1[redacted]'],
  [/(["']?access_token["']?\s*[:=]\s*["']?)[^\s"',}&]+/gi, '$1[redacted]'],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g, '[redacted-jwt]'],
  [/(#k=)[A-Za-z0-9_-]+/g, '$1[redacted]'],
];

/** Returns `text` with every secret-looking value replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement);
  return out;
}
