/**
 * Content sniffing: what a file is, read from its first bytes, never from its name
 * (the type must fit the kind by content, not just by extension). One small read per file.
 *
 * What each kind takes (our design; the platform shows no list):
 * - `vod`: video (MP4/MOV/M4V/3GP `ftyp` and QuickTime atoms, WebM/Matroska EBML, MPEG-TS and
 *   M2TS, MPEG-PS, AVI, FLV, ASF/WMV) and audio (MP3, WAV, M4A, FLAC, Ogg). VOD takes audio
 *   content (`is_audio_upload=1`, observed "One-time upload URLs"), so audio is sent as such;
 * - `program-media`: video only (a scheduled channel plays pictures);
 * - `waiting-screen`: still images only (PNG, JPEG, GIF, WebP).
 */
import type { MessageRef } from '../../shared/i18n/message';
import type { UploadKind } from '../../shared/uploads';

/** Bytes read from the start of each file: enough for two MPEG-TS/M2TS packets. */
export const sniffBytes = 1024;

/** What the first bytes say a file is. */
export interface Sniffed {
  family: 'video' | 'audio' | 'image';
  /** Format as the operator knows it, e.g. `MP4`, `PNG image`. */
  label: string;
  /** MIME type sent with the upload, e.g. `video/mp4`. */
  mime: string;
}

/** Recognizes a file's format from its first bytes; null when it is none of the known ones. */
export function sniff(head: Uint8Array): Sniffed | null {
  const ascii = (at: number, text: string) =>
    head.length >= at + text.length &&
    Buffer.from(head.buffer, head.byteOffset + at, text.length).toString('latin1') === text;
  const bytes = (at: number, values: number[]) =>
    head.length >= at + values.length && values.every((value, i) => head[at + i] === value);

  if (ascii(4, 'ftyp')) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (brand.startsWith('M4A') || brand.startsWith('M4B'))
      return { family: 'audio', label: 'M4A audio', mime: 'audio/mp4' };
    if (brand === 'qt  ')
      return { family: 'video', label: 'QuickTime MOV', mime: 'video/quicktime' };
    return { family: 'video', label: 'MP4', mime: 'video/mp4' };
  }
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((atom) => ascii(4, atom)))
    return { family: 'video', label: 'QuickTime MOV', mime: 'video/quicktime' };
  if (bytes(0, [0x1a, 0x45, 0xdf, 0xa3])) {
    const webm = findAscii(head, 'webm');
    return webm
      ? { family: 'video', label: 'WebM', mime: 'video/webm' }
      : { family: 'video', label: 'Matroska', mime: 'video/x-matroska' };
  }
  if (head[0] === 0x47 && (head.length < 189 || head[188] === 0x47))
    return { family: 'video', label: 'MPEG-TS', mime: 'video/mp2t' };
  if (head[4] === 0x47 && head.length >= 197 && head[196] === 0x47)
    return { family: 'video', label: 'MPEG-TS (M2TS)', mime: 'video/mp2t' };
  if (bytes(0, [0x00, 0x00, 0x01, 0xba]))
    return { family: 'video', label: 'MPEG program stream', mime: 'video/mpeg' };
  if (ascii(0, 'RIFF') && ascii(8, 'AVI '))
    return { family: 'video', label: 'AVI', mime: 'video/x-msvideo' };
  if (ascii(0, 'FLV') && head[3] === 0x01)
    return { family: 'video', label: 'FLV', mime: 'video/x-flv' };
  if (bytes(0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]))
    return { family: 'video', label: 'Windows Media', mime: 'video/x-ms-asf' };

  if (ascii(0, 'RIFF') && ascii(8, 'WAVE'))
    return { family: 'audio', label: 'WAV audio', mime: 'audio/wav' };
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP'))
    return { family: 'image', label: 'WebP image', mime: 'image/webp' };
  if (ascii(0, 'ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && head[1] !== 0xff))
    return { family: 'audio', label: 'MP3 audio', mime: 'audio/mpeg' };
  if (ascii(0, 'fLaC')) return { family: 'audio', label: 'FLAC audio', mime: 'audio/flac' };
  if (ascii(0, 'OggS')) return { family: 'audio', label: 'Ogg audio', mime: 'audio/ogg' };

  if (bytes(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { family: 'image', label: 'PNG image', mime: 'image/png' };
  if (bytes(0, [0xff, 0xd8, 0xff]))
    return { family: 'image', label: 'JPEG image', mime: 'image/jpeg' };
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a'))
    return { family: 'image', label: 'GIF image', mime: 'image/gif' };
  return null;
}

/**
 * Whether a sniffed format fits a kind; answers the refusal in the operator's words, or null
 * when it fits.
 */
export function refusalForKind(kind: UploadKind, found: Sniffed | null): MessageRef | null {
  const fits =
    found !== null &&
    (kind === 'waiting-screen'
      ? found.family === 'image'
      : kind === 'vod'
        ? found.family !== 'image'
        : found.family === 'video');
  if (fits) return null;
  const wanted: MessageRef = {
    key:
      kind === 'waiting-screen'
        ? 'sniff.wantImage'
        : kind === 'vod'
          ? 'sniff.wantVodMedia'
          : 'sniff.wantVideo',
  };
  const is: MessageRef =
    found === null
      ? { key: 'sniff.isUnknown' }
      : {
          // Said letter by letter (MP4, FLV) or starting with a vowel: "an" in English.
          key: /^([AEIOU]|M[P4]|FLV)/.test(found.label) ? 'sniff.isAn' : 'sniff.isA',
          params: { label: found.label },
        };
  return { key: 'sniff.notWanted', params: { wanted, is } };
}

function findAscii(head: Uint8Array, text: string): boolean {
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).includes(text, 0, 'latin1');
}
