/**
 * The hub's own TLS certificate: self-signed (the `selfsigned` library), made once and kept
 * in the data folder's `studio/` with the private key readable by this user only (0600). The
 * key is never logged nor sent anywhere; seats pin the certificate's SHA-256 fingerprint
 * when they pair.
 */
import { X509Certificate } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/** The hub's certificate and key (PEM) and the certificate's fingerprint. */
export interface HubCertificate {
  cert: string;
  key: string;
  /** SHA-256 of the DER certificate, upper-case hex pairs joined by `:`. */
  fingerprint: string;
}

/**
 * The hub's certificate from `dir` (`hub-cert.pem`, `hub-key.pem`), made there first when
 * missing or unreadable: EC P-256, valid 10 years from `now` (epoch ms UTC).
 */
export async function hubCertificate(dir: string, now: number): Promise<HubCertificate> {
  const certPath = join(dir, 'hub-cert.pem');
  const keyPath = join(dir, 'hub-key.pem');
  try {
    const [cert, key] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
    return { cert, key, fingerprint: fingerprintOf(cert) };
  } catch {
    // None yet (or damaged): make one below.
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const made = await generate([{ name: 'commonName', value: 'OnAir Desk studio hub' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + 10 * 365 * 24 * 3600_000),
  });
  await writeFile(keyPath, made.private, { mode: 0o600 });
  await chmod(keyPath, 0o600);
  await writeFile(certPath, made.cert, { mode: 0o644 });
  return { cert: made.cert, key: made.private, fingerprint: fingerprintOf(made.cert) };
}

/** A PEM certificate's SHA-256 fingerprint (`AB:CD:…`). */
export function fingerprintOf(pem: string): string {
  return new X509Certificate(pem).fingerprint256;
}

/** A fingerprint as typed (any case, with or without `:` or spaces) in the canonical form. */
export function normalizeFingerprint(typed: string): string {
  const hex = typed.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
  return (hex.match(/.{2}/g) ?? []).join(':');
}
