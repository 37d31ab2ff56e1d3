/**
 * What a page joining a watch is told (watch-answers.ts): the figure's last read, and while
 * its polls fail, that it is stale and why, as the pages already watching it were told.
 */
import { describe, expect, it } from 'vitest';
import type { WatchSpec, WatchUpdate } from '../../shared/model';
import { WatchAnswers } from './watch-answers';

const spec: WatchSpec = { kind: 'broadcast', broadcastKey: 'b1', focused: true };
const participants = (fetchedAt: number): WatchUpdate => ({
  kind: 'participants',
  broadcastKey: 'b1',
  fetchedAt,
  data: { count: 3, users: [] },
});
const failed: WatchUpdate = {
  kind: 'error',
  subject: 'b1',
  topic: 'participants',
  at: 2_000,
  code: 'network',
  message: 'The platform did not answer.',
};

describe('watch answers', () => {
  it('replays a stale figure with its problem, and only the answer once a poll works again', () => {
    const answers = new WatchAnswers(
      new Map([
        ['w1', { spec }],
        ['w2', { spec }],
      ]),
    );
    answers.address(participants(1_000));
    answers.address(failed);
    expect(answers.replay('w2')).toEqual([participants(1_000), failed]);
    // An older answer crossing a newer one is not kept; a fresh one ends the problem.
    answers.address(participants(3_000));
    answers.address(participants(2_500));
    expect(answers.replay('w2')).toEqual([participants(3_000)]);
    // No watch plans it any more: forgotten (participants are personal data).
    answers.prune(new Map(), new Map(), []);
    expect(answers.replay('w2')).toEqual([]);
  });
});
