/**
 * Main's own check of a statistics period before anything is sent (the renderer is untrusted;
 * its pickers check the same rules first: shared/statistics-limits.ts).
 */
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import { rangeProblem, vodRangeProblem, type RangeProblem } from '../../shared/statistics-limits';

/** @throws PlatformError `invalid-input` when the inclusive day range is not a real range. */
export function checkRange(from: string, to: string): void {
  refuse(rangeProblem(from, to));
}

/**
 * @throws PlatformError `invalid-input` when the range breaks a VOD statistics limit at
 * `nowMs` (spec, Limits: the last year, 3 months per query, up to 36 hours of delay).
 */
export function checkVodRange(from: string, to: string, nowMs: number): void {
  refuse(vodRangeProblem(from, to, nowMs));
}

function refuse(problem: RangeProblem | null): void {
  if (!problem) return;
  const said = say(problem.key, problem.params);
  throw new PlatformError({
    code: 'invalid-input',
    ...said,
    fields: { [problem.field]: [said.message] },
  });
}
