/**
 * Real platform accounts: names, base URLs and service account keys in `accounts.json` of
 * the data folder (no secrets there); each token in the OS keychain under the account's id.
 * Adding checks the token with one cheap call first and saves nothing when the check or the
 * keychain fails; removing deletes the keychain entry too.
 */
import type { MessageRef } from '../../shared/i18n/message';
import { messageRefSchema, say } from '../../shared/i18n/say';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { PlatformError } from '../../platform/errors';
import type { SecretStore } from '../../secrets/keychain';
import { KeychainUnavailableError } from '../../secrets/keychain';
import type { AccountAccess, AccountSummary, KeychainStatus } from '../../shared/model';
import { JsonStateFile } from '../core/local-state';

const accessSchema = z.object({
  role: z.enum(['super_admin', 'admin']).nullable(),
  scopes: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  checkedAt: z.string(),
  summary: z.string(),
  text: messageRefSchema.optional(),
});
const accountSchema = z.object({
  id: z.string().regex(/^acc-[a-f0-9]{12}$/),
  kind: z.enum(['live', 'vod']),
  name: z.string().min(1).max(60),
  baseUrl: z.url(),
  serviceAccountKey: z.string().nullable(),
  addedAt: z.string(),
  access: accessSchema,
});
const accountsFileSchema = z.object({ version: z.literal(1), accounts: z.array(accountSchema) });

/** A new account as the operator entered it (validated by the bridge schema). */
export type NewAccount =
  | { kind: 'live'; name: string; baseUrl: string; serviceAccountKey: string; token: string }
  | { kind: 'vod'; name: string; baseUrl: string; token: string };

/** Checks a token for an account before it is saved (see access-check.ts). */
export type AccessChecker = (account: {
  kind: 'live' | 'vod';
  baseUrl: string;
  serviceAccountKey?: string;
  token: string;
  accountId?: string;
}) => Promise<AccountAccess>;

/** The accounts of this workstation. Methods throw PlatformError with operator messages. */
export class AccountRegistry {
  private accounts: AccountSummary[] = [];

  private constructor(
    private readonly file: JsonStateFile<z.infer<typeof accountsFileSchema>>,
    private readonly secrets: SecretStore,
  ) {}

  /** Opens the registry of `dataDir`; `notice` tells of a damaged file that was set aside. */
  static async open(
    dataDir: string,
    secrets: SecretStore,
  ): Promise<{ registry: AccountRegistry; notice?: { message: string; text?: MessageRef } }> {
    const file = new JsonStateFile(
      join(dataDir, 'accounts.json'),
      accountsFileSchema,
      () => ({ version: 1 as const, accounts: [] }),
      'accounts list',
    );
    const registry = new AccountRegistry(file, secrets);
    const read = await file.read();
    registry.accounts = read.value.accounts;
    return {
      registry,
      ...(read.notice ? { notice: { message: read.notice, text: read.noticeText } } : {}),
    };
  }

  list(): AccountSummary[] {
    return this.accounts.map((a) => ({ ...a, access: { ...a.access } }));
  }

  get(id: string): AccountSummary | undefined {
    return this.accounts.find((a) => a.id === id);
  }

  /** Checks the token, stores it in the keychain, then records the account. */
  async add(input: NewAccount, check: AccessChecker): Promise<AccountSummary> {
    if (this.accounts.some((a) => a.name.toLowerCase() === input.name.toLowerCase())) {
      throw refusal(say('errors.accountNameTaken', { name: input.name }), 'name');
    }
    await this.requireKeychain();
    const access = await check({
      kind: input.kind,
      baseUrl: input.baseUrl,
      token: input.token,
      ...(input.kind === 'live' ? { serviceAccountKey: input.serviceAccountKey } : {}),
    });
    const account: AccountSummary = {
      id: `acc-${randomBytes(6).toString('hex')}`,
      kind: input.kind,
      name: input.name,
      baseUrl: input.baseUrl,
      serviceAccountKey: input.kind === 'live' ? input.serviceAccountKey : null,
      addedAt: new Date().toISOString(),
      access,
    };
    await this.keychain(() => this.secrets.set(account.id, input.token));
    try {
      await this.file.write({ version: 1, accounts: [...this.accounts, account] });
    } catch (error) {
      await this.secrets.delete(account.id).catch(() => false);
      throw error;
    }
    this.accounts = [...this.accounts, account];
    return account;
  }

  /** Removes the account and its keychain entry. */
  async remove(id: string): Promise<boolean> {
    const account = this.get(id);
    if (!account) return false;
    await this.keychain(() => this.secrets.delete(id));
    const rest = this.accounts.filter((a) => a.id !== id);
    await this.file.write({ version: 1, accounts: rest });
    this.accounts = rest;
    return true;
  }

  /** Replaces an account's token after checking it (e.g. after a 401). */
  async updateToken(id: string, token: string, check: AccessChecker): Promise<AccountSummary> {
    const account = this.get(id);
    if (!account) throw new PlatformError({ code: 'not-found', ...say('errors.accountGone') });
    await this.requireKeychain();
    const access = await check({
      kind: account.kind,
      baseUrl: account.baseUrl,
      token,
      accountId: id,
      ...(account.serviceAccountKey ? { serviceAccountKey: account.serviceAccountKey } : {}),
    });
    await this.keychain(() => this.secrets.set(id, token));
    const updated = { ...account, access };
    const next = this.accounts.map((a) => (a.id === id ? updated : a));
    await this.file.write({ version: 1, accounts: next });
    this.accounts = next;
    return updated;
  }

  /** The account's token from the keychain, for a call being made now. */
  async token(id: string): Promise<string> {
    const token = await this.keychain(() => this.secrets.get(id));
    if (!token) {
      throw new PlatformError({ code: 'unauthorized', ...say('errors.tokenNotInKeychain') });
    }
    return token;
  }

  /**
   * Whether real tokens can be kept on this workstation: the OS keychain answers, or what to
   * install or unlock (one line, in the operator's language). Never falls back to a weaker
   * store: an account cannot be added while this says unavailable.
   */
  async keychainStatus(): Promise<KeychainStatus> {
    try {
      await this.secrets.check();
      return { available: true, message: null, text: null };
    } catch (error) {
      if (error instanceof KeychainUnavailableError)
        return { available: false, message: error.message, text: error.text };
      throw error;
    }
  }

  private async requireKeychain(): Promise<void> {
    await this.keychain(() => this.secrets.check());
  }

  private async keychain<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof KeychainUnavailableError) {
        throw new PlatformError({
          code: 'keychain-unavailable',
          message: error.message,
          text: error.text,
        });
      }
      throw error;
    }
  }
}

function refusal(said: { message: string; text: MessageRef }, field: string): PlatformError {
  return new PlatformError({
    code: 'invalid-input',
    ...said,
    fields: { [field]: [said.message] },
    fieldTexts: { [field]: [said.text] },
  });
}
