/** Words for the upload queue that the renderer derives from an item itself. */
import type { UploadTarget } from '../../src-main/shared/uploads';
import { t } from '../i18n/i18n.svelte';

/** Where a file goes, in the operator's language, e.g. `VOD · category 1a2b`, `Program media`. */
export function targetText(target: UploadTarget): string {
  if (target.kind === 'program-media') return t('uploadNotice.targetProgramMedia');
  if (target.kind === 'waiting-screen') return t('uploadNotice.targetWaitingScreens');
  return target.categoryKey
    ? t('uploadNotice.targetVodCategory', { key: target.categoryKey })
    : t('uploadNotice.targetVod');
}
