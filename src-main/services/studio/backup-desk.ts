/**
 * This desk as a studio's backup hub from Settings → Studio (`studio.startBackup`), the same
 * as `--backup-of` on the command line (hosts/browser-cli.ts): it pairs with the hub as a seat
 * of role `backup` (or rejoins with the kept credential), hosts its own studio in standby and
 * follows the hub (backup.ts, docs/dev/architecture.md "The takeover protocol").
 */
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import type { SecretStore } from '../../secrets/keychain';
import type { StudioHosting } from '../../shared/studio-model';
import { followHub, type BackupFollower } from './backup';
import type { StudioHub } from './hub';
import { pairSeat, rejoinSeat } from './seat';

/** What `studio.startBackup` takes (shared/commands/studio.ts). */
export interface StartBackup {
  url: string;
  fingerprint: string;
  code?: string | undefined;
  seatName: string;
  address: string;
  port: number;
}

/** Starting and stopping the desk's backup role. */
export interface DeskBackup {
  /**
   * Pairs (or rejoins), hosts in standby on `address`:`port` and follows the hub.
   * @throws PlatformError in the operator's words: a seat, a refused or foreign code.
   */
  start(input: StartBackup): Promise<StudioHosting>;
  /** Stops following; the hub stops hosting on its own (`studio.stopHosting`). */
  stop(): Promise<void>;
}

/**
 * The backup role of the desk whose studio hub is `hub`.
 * @param deps.seedBudget starts the open workspace's budget as if the last minute were full.
 * @param deps.now the desk's clock, epoch ms UTC.
 */
export function deskBackup(deps: {
  hub: StudioHub;
  secrets: SecretStore;
  seedBudget: () => void;
  now: () => number;
  log: (message: string) => void;
}): DeskBackup {
  let follower: BackupFollower | null = null;
  const backup: DeskBackup = {
    async start(input) {
      const { hub } = deps;
      if (hub.seat())
        throw new PlatformError({ code: 'conflict', ...say('studio.errors.hostingWhileSeat') });
      const where = { url: input.url, fingerprint: input.fingerprint, secrets: deps.secrets };
      let paired: Awaited<ReturnType<typeof pairSeat>>;
      try {
        paired =
          input.code !== undefined && input.code !== ''
            ? await pairSeat({ ...where, code: input.code, seatName: input.seatName })
            : await rejoinSeat(where);
      } catch (error) {
        throw new PlatformError({
          code: 'forbidden',
          ...say('studio.errors.joinRefused', { reason: (error as Error).message }),
        });
      }
      if (paired.role !== 'backup')
        throw new PlatformError({ code: 'conflict', ...say('studio.errors.notBackupCode') });
      await backup.stop();
      hub.setStandby(true);
      const hosting = await hub.start(input.address, input.port);
      follower = followHub({
        hubUrl: input.url,
        fingerprint: input.fingerprint,
        credential: paired.credential,
        own: hub,
        seedBudget: deps.seedBudget,
        now: deps.now,
        log: deps.log,
      });
      deps.log(`studio: backup hub of ${input.url}, following its heartbeat`);
      return hosting;
    },
    async stop() {
      const was = follower;
      follower = null;
      await was?.dispose();
      deps.hub.setStandby(false);
      deps.hub.setStanding(null);
    },
  };
  return backup;
}
