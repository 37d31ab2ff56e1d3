/**
 * Removes secrets from text bound for logs and error reports: bearer tokens in
 * `Authorization` headers, `access_token` and other secret query parameters (`token`, `key`,
 * `sig`…, an update server's or a signed URL's), JWT-shaped strings, the
 * browser host's launch secret in `#k=` fragments, hardware panels' tokens (`odp_…`),
 * recording-destination credentials (FTP/SFTP passwords, S3 keys, passwords inside URLs),
 * a studio seat's credential (`Seat <id>.<secret>`) and PEM private keys (the studio hub's).
 */
const patterns: [RegExp, string][] = [
  [/(authorization["']?\s*[:=]\s*["']?bearer\s+)[^\s"',}]+/gi, '$1[redacted]'],
  [/(bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1[redacted]'],
  [/([?&]access_token=)[^&\s"']+/gi, '$1[redacted]'],
  [/(["']?access_token["']?\s*[:=]\s*["']?)[^\s"',}&]+/gi, '$1[redacted]'],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g, '[redacted-jwt]'],
  [/(#k=)[A-Za-z0-9_-]+/g, '$1[redacted]'],
  [/(\bseat\s+)[a-f0-9]{16}\.[A-Za-z0-9_-]{20,}/gi, '$1[redacted]'],
  [/(\b[a-f0-9]{16}\.)[A-Za-z0-9_-]{43}\b/g, '$1[redacted]'],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g, '[redacted-key]'],
  // A hardware panel's token (hosts/panel-api.ts), wherever it is pasted.
  [/\bodp_[A-Za-z0-9_-]{16,}/g, 'odp_[redacted]'],
  // Recording destinations (FTP/SFTP passwords, S3 keys) in form, JSON or query text.
  [
    /(["']?(?:password|passwd|secret_access_key|secret_key|access_key_id|access_key|private_key|passphrase|stream_name|stream_key|streamKey|secretAccessKey)["']?\s*[:=]\s*["']?)[^\s"',}&]+/gi,
    '$1[redacted]',
  ],
  // Secrets in a URL's query (an update server's `?token=`, a signed URL's signature).
  [
    /([?&](?:token|private_token|auth|auth_token|api_key|apikey|key|sig|signature|x-amz-signature|x-amz-credential|x-amz-security-token|password)=)[^&\s"'#]+/gi,
    '$1[redacted]',
  ],
  // Credentials inside URLs: scheme://user:password@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)[^\s/@]+@/gi, '$1[redacted]@'],
];

/** Returns `text` with every secret-looking value replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement);
  return out;
}
