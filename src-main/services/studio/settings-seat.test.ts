/**
 * A desk that joined a studio from Settings → Studio (desk-studio.ts; every desktop seat does) is
 * a seat like one started with `--join` (seat-desk.ts): while it is one, it administers no studio
 * of its own. Its pages offer "New pairing code", revoking and stopping disabled by the hub's rule
 * (ways-in.ts, `seatRefusal`), and main refuses them too, in the words a `--join` seat answers,
 * changing nothing: no pairing code made, still the hub's seat. Hosting waits until it leaves;
 * once it has left, it makes its own codes again. 127.0.0.1 only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands, type CommandName } from '../../shared/bridge';
import { seatRefusal } from '../../shared/commands/ways-in';
import type { CommandDecl } from '../../shared/commands/define';
import type { Result } from '../../shared/result';
import type { StudioHosting, StudioStatus } from '../../shared/studio-model';
import { memorySecrets, type TestCore } from '../app/test-support';
import type { StudioHub } from './hub';
import type { SeatCore } from './seat';
import {
  openTestSeat,
  studioWithSettingsSeat,
  type StudioWithSeat,
} from './testing/studio-test-support';

let studio: StudioWithSeat;
let desk: TestCore;
let hub: StudioHub;
let hosting: StudioHosting;
let joinedSeat: SeatCore;
const page = { clientId: 'settings-seat-page', confirmation: { kind: 'again' as const } };

beforeAll(async () => {
  studio = await studioWithSettingsSeat({
    seed: 7,
    seatName: 'PD',
    role: 'operator',
    clientId: page.clientId,
  });
  ({ hub, hosting, seatDesk: desk } = studio);
  // A `--join` seat's link, which answers the studio's commands itself (seat.ts).
  joinedSeat = await openTestSeat({
    hosting,
    code: hub.newPairingCode('operator').code,
    seatName: 'Joined',
    secrets: memorySecrets(),
  });
});

afterAll(async () => {
  await joinedSeat.dispose();
  await studio.close();
});

const onDesk = (command: string, input: unknown) => desk.core.invoke(command, input, page);

async function status(): Promise<StudioStatus> {
  const answer = await onDesk('studio.status', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data as StudioStatus;
}

function refusal(answer: Result<unknown>) {
  return answer.ok
    ? null
    : { code: answer.error.code, message: answer.error.message, key: answer.error.text?.key };
}

describe('a desk joined from Settings → Studio', () => {
  it('makes no pairing code, revokes and stops nothing: the studio is the hub’s, as at a --join seat', async () => {
    const hubCodes = hub.status().codes.length;
    const asked: [CommandName, unknown][] = [
      ['studio.newPairingCode', { role: 'operator' }],
      ['studio.revokeSeat', { seatId: '0123456789abcdef' }],
      ['studio.stopHosting', {}],
    ];
    for (const [command, input] of asked) {
      // Its pages offer it disabled by the hub's rule...
      expect(seatRefusal(command, commands[command] as CommandDecl, 'operator')).not.toBeNull();
      // ...and main refuses it in a --join seat's words.
      const here = refusal(await onDesk(command, input));
      expect(here, command).toEqual({
        code: 'forbidden',
        message: 'The studio is managed at the hub.',
        key: 'studio.errors.hubOnly',
      });
      expect(here).toEqual(refusal(await joinedSeat.invoke(command, input, page)));
    }
    const now = await status();
    expect(now.codes).toEqual([]);
    expect(now.seat).toMatchObject({ seatName: 'PD', role: 'operator', state: 'connected' });
    expect(hub.status().codes).toHaveLength(hubCodes);
  });

  it('hosts only once it has left, and then makes its own codes', async () => {
    const hosting2 = await onDesk('studio.startHosting', { address: '127.0.0.1', port: 0 });
    expect(refusal(hosting2)?.key).toBe('studio.errors.hostingWhileSeat');
    expect((await onDesk('studio.leave', {})).ok).toBe(true);
    const made = await onDesk('studio.newPairingCode', { role: 'observer' });
    expect(made.ok).toBe(true);
    expect((await status()).codes.map((code) => code.role)).toEqual(['observer']);
  });
});
