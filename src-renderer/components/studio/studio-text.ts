/**
 * Small texts shared by the Settings → Studio components: a seat role's catalogue text and an
 * epoch-ms instant as ISO 8601 UTC for `formatUtc`.
 */
import { t } from '../../i18n/i18n.svelte';
import type { SeatRole } from '../../../src-main/shared/studio-model';

/** The role's label in the operator's language (`studio.role*` catalogue keys). */
export function roleText(role: SeatRole): string {
  return role === 'operator'
    ? t('studio.roleOperator')
    : role === 'backup'
      ? t('studio.roleBackup')
      : t('studio.roleObserver');
}

/** Epoch ms as an ISO 8601 UTC string, or null for null. */
export function isoOf(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
