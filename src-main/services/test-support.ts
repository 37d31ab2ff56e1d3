/**
 * Test doubles of OS dependencies for the core's tests (not of our own code): the OS
 * keychain's contract kept in memory. The real keychain has its own tests
 * (accounts.keychain.test.ts, keychain-missing.test.ts).
 */
import type { SecretStore } from '../secrets/keychain';

/** A SecretStore in memory: always available, empty at first. */
export function memorySecrets(): SecretStore {
  const entries = new Map<string, string>();
  return {
    get: (account) => Promise.resolve(entries.get(account) ?? null),
    set: (account, secret) => Promise.resolve(void entries.set(account, secret)),
    delete: (account) => Promise.resolve(entries.delete(account)),
    check: () => Promise.resolve(),
  };
}
