/**
 * A poster image checked before it is sent: JPEG or PNG, at most 10,000,000 bytes
 * (vod-v3.yaml, uploadMediaContentPoster) and an even height (public service guide: "the
 * height must be even", https://catenoid-support.gitbook.io/kollus-vod-console-v2/userguide/setting/poster).
 */
import { t } from '../../i18n/i18n.svelte';

/** Largest poster, bytes (vod-v3.yaml). */
export const maxPosterBytes = 10_000_000;

/** The operator's words for what is wrong with `file`, or null when it can be sent. */
export async function checkPoster(file: File): Promise<string | null> {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg')
    return t('libraryView.files.badType');
  if (file.size === 0) return t('libraryView.files.empty');
  if (file.size > maxPosterBytes) return t('libraryView.files.tooBig');
  try {
    const image = await createImageBitmap(file);
    const { width, height } = image;
    image.close();
    if (height % 2 !== 0) return t('libraryView.files.oddHeight', { width, height });
  } catch {
    return t('libraryView.files.unreadable');
  }
  return null;
}

/** The file's bytes as Base64 (no `data:` prefix), for the bridge. */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}
