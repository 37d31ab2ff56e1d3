/**
 * Test doubles of OS dependencies for the core's tests (not of our own code): the OS
 * keychain's contract kept in memory; and a typed caller of the core's commands. The real keychain has its own tests
 * (accounts.keychain.test.ts, keychain-missing.test.ts).
 */
import type { SecretStore } from '../secrets/keychain';
import type { CommandInput, CommandName, CommandOutput } from '../shared/bridge';
import type { DeskCore } from './desk-core';

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

/**
 * Calls a command of the core as the renderer would and answers its data.
 * @param core the core (a getter: tests create it in `beforeAll`).
 * @throws Error with main's message when the command answers `{ ok: false }`.
 */
export function commandCaller(core: () => DeskCore, clientId: string) {
  return async <C extends CommandName>(
    command: C,
    input: CommandInput<C>,
  ): Promise<CommandOutput<C>> => {
    const result = await core().invoke(command, input, { clientId });
    if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
    return result.data as CommandOutput<C>;
  };
}
