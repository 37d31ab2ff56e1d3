/**
 * What a backup's engine does with an upload its hub handed over (upload-handover.ts): a tus
 * upload of the same seat, name, size and target takes the hub's URL and location once; a
 * multipart one, or one whose URL expired, starts again and says so; another seat's file, or
 * a file of the hub's own operator, takes nothing. Pure, on given times.
 */
import { describe, expect, it } from 'vitest';
import { seatCopyFolder } from '../../shared/seat-copies';
import { handOver, Handover, type HandedUpload } from './upload-handover';
import { newRecord, type UploadRecord } from './upload-record';

const now = Date.parse('2026-11-20T20:00:00Z');
const seatId = 'ab12cd34ef56ab78';

function record(path: string, title = 'Clip'): UploadRecord {
  return newRecord(
    {
      path,
      name: path.split('/').pop() ?? path,
      sizeBytes: 4_000_000,
      mtimeMs: now,
      mime: 'video/mp4',
      isAudio: false,
    },
    { kind: 'vod', title },
    { batchId: 'b1', id: `r-${path}`, targetLabel: 'VOD', queuedAt: new Date(now).toISOString() },
  );
}

const copy = (seat = seatId) => `/hub/dropped/${seatCopyFolder(now, 'a1b2c3', seat)}/clip.mp4`;

function handed(overrides: Partial<HandedUpload> = {}): HandedUpload {
  return {
    seatId,
    name: 'clip.mp4',
    sizeBytes: 4_000_000,
    target: { kind: 'vod', title: 'Clip' },
    protocol: 'tus',
    url: {
      uploadUrl: 'http://127.0.0.1:9/vod/upload/one',
      progressUrl: null,
      uploadFileKey: 'key-1',
      expiresAt: new Date(now + 3_600_000).toISOString(),
      usedAt: new Date(now - 60_000).toISOString(),
    },
    location: 'http://127.0.0.1:9/uploads/tus/one',
    sentBytes: 1_500_000,
    ...overrides,
  };
}

describe('Handover.adopt', () => {
  it('gives a tus upload of the same seat, name, size and target its URL and location, once', () => {
    const book = new Handover();
    book.offer([handed()]);
    const first = record(copy());
    expect(book.adopt(first, now, 60_000)).toBe(true);
    expect(first).toMatchObject({
      protocol: 'tus',
      location: 'http://127.0.0.1:9/uploads/tus/one',
      url: { uploadFileKey: 'key-1' },
      sentBytes: 1_500_000,
      noteText: { key: 'uploadNote.takenOverTus' },
    });
    const second = record(copy());
    expect(book.adopt(second, now, 60_000)).toBe(false);
    expect(second.url).toBeNull();
  });

  it('starts a multipart upload, or one whose URL expired, anew and says so', () => {
    const book = new Handover();
    book.offer([
      handed({ protocol: 'multipart', url: null, location: null }),
      handed({ name: 'clip.mp4', target: { kind: 'vod', title: 'Other' } }),
    ]);
    const multipart = record(copy());
    expect(book.adopt(multipart, now, 60_000)).toBe(true);
    expect(multipart.url).toBeNull();
    expect(multipart.noteText?.key).toBe('uploadNote.takenOverMultipart');
    const late = record(copy(), 'Other');
    // Its URL expires within the margin: not started on it.
    expect(book.adopt(late, now + 3_590_000, 60_000)).toBe(true);
    expect(late.url).toBeNull();
    expect(late.noteText?.key).toBe('uploadNote.takenOverExpired');
  });

  it('matches nothing for another seat, another size or the hub operator’s own file', () => {
    const book = new Handover();
    book.offer([handed()]);
    expect(book.adopt(record(copy('ffff0000ffff0000')), now, 60_000)).toBe(false);
    expect(book.adopt(record('/home/op/clip.mp4'), now, 60_000)).toBe(false);
    const bigger = record(copy());
    bigger.sizeBytes += 1;
    expect(book.adopt(bigger, now, 60_000)).toBe(false);
    expect(book.offered()).toHaveLength(1);
  });
});

describe('handOver', () => {
  it('hands over the seats’ started uploads only, with the seat that queued each', () => {
    const started = record(copy());
    Object.assign(started, {
      state: 'uploading',
      protocol: 'tus',
      url: handed().url,
      location: handed().location,
      sentBytes: 10,
    });
    const notStarted = record(copy());
    const own = record('/home/op/clip.mp4');
    Object.assign(own, { state: 'uploading', protocol: 'tus', url: handed().url, location: 'x' });
    const list = handOver([started, notStarted, own]);
    expect(list).toEqual([
      expect.objectContaining({ seatId, protocol: 'tus', sentBytes: 10, name: 'clip.mp4' }),
    ]);
  });
});
