/**
 * Why a live figure is stale, in the operator's words (the `stale.*` catalogue entries): the
 * computer slept, the hub stands down, the platform is unreachable, a 429, no answer (5xx) or a
 * refusal (4xx) with its status, or unknown. Shared by the control room's stale note
 * (StaleNote.svelte) and the Multiview's tiles (multiview/TileFigures.svelte), so both say it
 * alike.
 */
import { t } from '../i18n/i18n.svelte';
import type { LiveProblem } from './queries/live';

/** The reason `problem` (the last failed poll of a figure) gives, one short phrase. */
export function staleReason(problem: LiveProblem): string {
  if (problem.afterSleep) return t('stale.afterSleep');
  if (problem.standingDown) return t('stale.standingDown');
  if (problem.code === 'network') return t('stale.unreachable');
  if (problem.status === undefined) return t('stale.unknown');
  if (problem.status === 429) return t('stale.rateLimited');
  return problem.status >= 500
    ? t('stale.noAnswer', { status: problem.status })
    : t('stale.refused', { status: problem.status });
}
