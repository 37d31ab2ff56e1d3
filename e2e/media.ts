/**
 * Real media for upload tests, made at test time with Debian's ffmpeg: videos of known
 * duration (a test pattern with a tone) and a PNG still. Known durations let a test check
 * that the platform read the file, not our metadata.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Writes an MP4 (H.264 + AAC) of `seconds` at `path`. With `bitrate` (e.g. `'16M'`) the
 * picture is noise, which does not compress, so the file really is about
 * `bitrate × seconds` (16M × 10 s ≈ 20 MB); without it, a light test pattern.
 * @throws when ffmpeg is missing or fails.
 */
export async function makeVideo(path: string, seconds: number, bitrate?: string): Promise<void> {
  const picture = bitrate
    ? `color=c=gray:s=640x360:r=25:d=${seconds},noise=alls=60:allf=t+u`
    : `testsrc=duration=${seconds}:size=640x360:rate=25`;
  const rate = bitrate ?? '300k';
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    picture,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-shortest',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    rate,
    '-maxrate',
    rate,
    '-bufsize',
    rate,
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    path,
  ]);
}

/** Writes a 1280x720 PNG test card at `path`. */
export async function makeImage(path: string): Promise<void> {
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720',
    '-frames:v',
    '1',
    path,
  ]);
}

/** SHA-256 of a file, hex. */
export async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}
