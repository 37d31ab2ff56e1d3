/**
 * The OS keychain, through keytar: the only place OnAir Desk keeps tokens. One service name
 * for the app, one entry per account (keyed by the account's id). Nothing falls back to a
 * weaker store: when the keychain is missing or locked, every method rejects with
 * {@link KeychainUnavailableError}, whose message tells the operator what to install or
 * unlock, and the sandbox workspace (which needs no token) keeps working.
 */
import type { MessageRef } from '../shared/i18n/message';
import { say } from '../shared/i18n/say';

/** The keychain service name under which every OnAir Desk token is stored. */
export const keychainService = 'OnAir Desk';

/** The keychain cannot be used: no Secret Service, a locked keyring, or keytar missing. */
export class KeychainUnavailableError extends Error {
  /** True when keytar itself is not installed (its native build failed at install time). */
  readonly missingModule: boolean;
  /** The message as a catalogue message, for the operator's language. */
  readonly text: MessageRef;

  constructor(detail: string, options: { missingModule?: boolean } = {}) {
    const missingModule = options.missingModule ?? false;
    const said = missingModule ? missingModuleMessage() : unavailableMessage(detail);
    super(said.message);
    this.name = 'KeychainUnavailableError';
    this.missingModule = missingModule;
    this.text = said.text;
  }
}

/** Where tokens live. Secrets are strings; `account` is an account id, never a name. */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** Removes the entry; false when there was none. */
  delete(account: string): Promise<boolean>;
  /** Resolves when the keychain answers; rejects with KeychainUnavailableError otherwise. */
  check(): Promise<void>;
}

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * keytar is an optional dependency: its native build needs libsecret on Linux, and a machine
 * without it still installs and runs the sandbox. The name is a variable so that neither the
 * type checker nor the bundler requires the module to be there.
 */
const keytarModule: string = 'keytar';

/** The OS keychain store (keytar, loaded on first use so a missing native module is reported, not fatal). */
export function createKeychain(service = keychainService, moduleName = keytarModule): SecretStore {
  let keytar: Promise<Keytar> | null = null;
  const load = (): Promise<Keytar> =>
    (keytar ??= (
      import(/* @vite-ignore */ moduleName) as Promise<Keytar | { default: Keytar }>
    ).then(
      (module) => ('default' in module ? module.default : module),
      (error: unknown) => {
        keytar = null;
        throw new KeychainUnavailableError(`keytar could not be loaded: ${describe(error)}`, {
          missingModule: true,
        });
      },
    ));
  const run = async <T>(action: (k: Keytar) => Promise<T>): Promise<T> => {
    const k = await load();
    try {
      return await action(k);
    } catch (error) {
      throw new KeychainUnavailableError(describe(error));
    }
  };
  return {
    get: (account) => run((k) => k.getPassword(service, account)),
    set: (account, secret) => run((k) => k.setPassword(service, account, secret)),
    delete: (account) => run((k) => k.deletePassword(service, account)),
    check: () => run((k) => k.getPassword(service, '__onair-desk-check__')).then(() => undefined),
  };
}

/**
 * One line that says what to install: keytar is built at install time against libsecret on
 * Linux, so a machine without it needs the library and a rebuild (catalogue
 * `errors.keychainModuleMissing*`).
 */
function missingModuleMessage(): { message: string; text: MessageRef } {
  return process.platform === 'linux'
    ? say('errors.keychainModuleMissingLinux')
    : say('errors.keychainModuleMissing');
}

/** What to install or unlock, by what the keychain said (catalogue `errors.keychain*`). */
function unavailableMessage(detail: string): { message: string; text: MessageRef } {
  if (/locked/i.test(detail)) return say('errors.keychainLocked', { detail });
  return process.platform === 'linux'
    ? say('errors.keychainMissingLinux', { detail })
    : say('errors.keychainMissing', { detail });
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim().replace(/\.$/, '');
}
