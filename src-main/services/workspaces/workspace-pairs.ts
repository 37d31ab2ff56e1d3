/**
 * Which live account works with which VOD account (docs/dev/architecture.md, "Workspaces"): the pairs
 * the operator made in Accounts, kept in `workspaces.json` of the data folder (account ids only,
 * no secrets; written atomically, validated on read, a damaged file set aside with a notice).
 * Every account is in one workspace: its pair, or alone (live-only or VOD-only). A pair whose
 * account is gone (removed, or its accounts list was set aside) is forgotten, and the other
 * account is a workspace on its own again.
 */
import type { MessageRef } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { PlatformError } from '../../platform/errors';
import type { AccountSummary, WorkspaceChoice } from '../../shared/model';
import type { AccountRegistry } from './accounts';
import { JsonStateFile } from '../core/local-state';

const accountId = z.string().regex(/^acc-[a-f0-9]{12}$/);
const pairSchema = z.object({
  id: z.string().regex(/^pair-[a-f0-9]{12}$/),
  liveAccountId: accountId,
  vodAccountId: accountId,
  /** ISO-8601 UTC. */
  pairedAt: z.string(),
});
const pairsFileSchema = z
  .object({ version: z.literal(1), pairs: z.array(pairSchema) })
  .refine((file) => {
    const ids = file.pairs.flatMap((p) => [p.liveAccountId, p.vodAccountId]);
    return new Set(ids).size === ids.length;
  }, 'an account is in two pairs');

/** A live account paired with a VOD account: one workspace. */
export type WorkspacePair = z.infer<typeof pairSchema>;

/** What a workspace id stands for: the accounts it works as. */
export type WorkspaceTarget =
  | { kind: 'live'; id: string; live: AccountSummary }
  | { kind: 'vod'; id: string; vod: AccountSummary }
  | { kind: 'pair'; id: string; live: AccountSummary; vod: AccountSummary };

/** The pairs of this workstation. Methods throw PlatformError with operator messages. */
export class WorkspacePairs {
  private pairs: WorkspacePair[] = [];

  private constructor(
    private readonly file: JsonStateFile<z.infer<typeof pairsFileSchema>>,
    private readonly registry: AccountRegistry,
  ) {}

  /**
   * Opens the pairs of `dataDir` for the accounts of `registry`; pairs naming an account that
   * is not there any more are dropped. `notice` tells of a damaged file that was set aside.
   */
  static async open(
    dataDir: string,
    registry: AccountRegistry,
  ): Promise<{ pairs: WorkspacePairs; notice?: string }> {
    const file = new JsonStateFile(
      join(dataDir, 'workspaces.json'),
      pairsFileSchema,
      () => ({ version: 1 as const, pairs: [] }),
      'workspace pairs',
    );
    const pairs = new WorkspacePairs(file, registry);
    const read = await file.read();
    pairs.pairs = read.value.pairs.filter((p) => pairs.valid(p));
    return { pairs, ...(read.notice ? { notice: read.notice } : {}) };
  }

  list(): WorkspacePair[] {
    return this.pairs.map((p) => ({ ...p }));
  }

  /**
   * Pairs a live account with a VOD account, each of which must be in no pair yet.
   * @throws PlatformError `invalid-input` (wrong kinds, already paired) or `not-found`.
   */
  async pair(liveAccountId: string, vodAccountId: string): Promise<WorkspacePair> {
    const live = this.registry.get(liveAccountId);
    const vod = this.registry.get(vodAccountId);
    if (!live || !vod) {
      throw new PlatformError({
        code: 'not-found',
        ...say('errors.accountGone'),
      });
    }
    if (live.kind !== 'live')
      throw refusal(say('errors.notLiveAccount', { name: live.name }), 'liveAccountId');
    if (vod.kind !== 'vod')
      throw refusal(say('errors.notVodAccount', { name: vod.name }), 'vodAccountId');
    for (const account of [live, vod]) {
      const other = this.pairOf(account.id);
      if (other) {
        throw refusal(
          say('errors.pairedAlready', { name: account.name }),
          account.kind === 'live' ? 'liveAccountId' : 'vodAccountId',
        );
      }
    }
    const pair: WorkspacePair = {
      id: `pair-${randomBytes(6).toString('hex')}`,
      liveAccountId,
      vodAccountId,
      pairedAt: new Date().toISOString(),
    };
    await this.save([...this.pairs, pair]);
    return pair;
  }

  /** Unpairs; both accounts become workspaces on their own. False when there was no such pair. */
  async unpair(id: string): Promise<boolean> {
    if (!this.pairs.some((p) => p.id === id)) return false;
    await this.save(this.pairs.filter((p) => p.id !== id));
    return true;
  }

  /** Forgets the pair of an account being removed; answers it, or undefined when it had none. */
  async forgetAccount(accountId: string): Promise<WorkspacePair | undefined> {
    const pair = this.pairOf(accountId);
    if (pair) await this.save(this.pairs.filter((p) => p.id !== pair.id));
    return pair;
  }

  /** The pair an account is in, if any. */
  pairOf(accountId: string): WorkspacePair | undefined {
    return this.pairs.find((p) => p.liveAccountId === accountId || p.vodAccountId === accountId);
  }

  /** The workspace an account works in: its pair's id, or its own. */
  workspaceOf(accountId: string): string {
    return this.pairOf(accountId)?.id ?? accountId;
  }

  /** The accounts a workspace id stands for, or undefined when it names none any more. */
  resolve(id: string): WorkspaceTarget | undefined {
    const pair = this.pairs.find((p) => p.id === id);
    if (pair) {
      const live = this.registry.get(pair.liveAccountId);
      const vod = this.registry.get(pair.vodAccountId);
      return live && vod ? { kind: 'pair', id, live, vod } : undefined;
    }
    const account = this.registry.get(id);
    // An account in a pair is reached through its pair only.
    if (!account || this.pairOf(id)) return undefined;
    return account.kind === 'live'
      ? { kind: 'live', id, live: account }
      : { kind: 'vod', id, vod: account };
  }

  /** The account workspaces to choose from: pairs first, then live-only, then VOD-only. */
  choices(): WorkspaceChoice[] {
    const alone = (kind: 'live' | 'vod') =>
      this.registry
        .list()
        .filter((a) => a.kind === kind && !this.pairOf(a.id))
        .map((a) =>
          choiceOf(
            a.kind === 'live'
              ? { kind: 'live', id: a.id, live: a }
              : { kind: 'vod', id: a.id, vod: a },
          ),
        );
    const paired = this.pairs.flatMap((p) => {
      const target = this.resolve(p.id);
      return target ? [choiceOf(target)] : [];
    });
    return [...paired, ...alone('live'), ...alone('vod')];
  }

  private valid(pair: WorkspacePair): boolean {
    return (
      this.registry.get(pair.liveAccountId)?.kind === 'live' &&
      this.registry.get(pair.vodAccountId)?.kind === 'vod'
    );
  }

  private async save(next: WorkspacePair[]): Promise<void> {
    await this.file.write({ version: 1, pairs: next });
    this.pairs = next;
  }
}

/** A pair's name as the workspace menu shows it. */
export function pairName(live: AccountSummary, vod: AccountSummary): string {
  return `${live.name} + ${vod.name}`;
}

/** The menu entry of a workspace target. */
export function choiceOf(target: WorkspaceTarget): WorkspaceChoice {
  switch (target.kind) {
    case 'pair':
      return {
        id: target.id,
        name: pairName(target.live, target.vod),
        kind: 'pair',
        apis: { live: true, vod: true },
        accounts: { live: target.live.id, vod: target.vod.id },
      };
    case 'live':
      return {
        id: target.id,
        name: target.live.name,
        kind: 'live',
        apis: { live: true, vod: false },
        accounts: { live: target.live.id, vod: null },
      };
    case 'vod':
      return {
        id: target.id,
        name: target.vod.name,
        kind: 'vod',
        apis: { live: false, vod: true },
        accounts: { live: null, vod: target.vod.id },
      };
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
