/** Which destinations are "wrong" (recording-transfers.ts; docs/platform-facts.md). */
import { describe, expect, it } from 'vitest';
import type { FileTransferRecord } from './live-state';
import { destinationProblem, isValidHost } from './recording-transfers';

const at = new Date('2026-03-02T10:00:00Z');
function destination(
  kind: FileTransferRecord['kind'],
  fields: FileTransferRecord['fields'],
): FileTransferRecord {
  return {
    id: 1,
    channelKey: 'c',
    kind,
    title: 't',
    isActive: true,
    fields,
    createdAt: at,
    updatedAt: at,
  };
}

describe('wrong destinations', () => {
  it('host names', () => {
    expect(isValidHost('archive.example.com')).toBe(true);
    expect(isValidHost('10.0.0.7')).toBe(true);
    expect(isValidHost('files')).toBe(true);
    expect(isValidHost('not a host')).toBe(false);
    expect(isValidHost('ftp..example.com')).toBe(false);
    expect(isValidHost('-bad.example.com')).toBe(false);
    expect(isValidHost('edit.example.invalid')).toBe(false);
    expect(isValidHost('')).toBe(false);
  });

  it('ftp and sftp: host and port', () => {
    expect(destinationProblem(destination('ftp', { host: 'a.example.com', port: 21 }))).toBeNull();
    expect(destinationProblem(destination('sftp', { host: 'a.example.com' }))).toBeNull();
    expect(destinationProblem(destination('ftp', { host: 'a b', port: 21 }))).toMatch(/"a b"/);
    expect(destinationProblem(destination('sftp', { host: 'a.example.com', port: 0 }))).toMatch(
      /port 0/,
    );
  });

  it('s3: bucket and region', () => {
    const good = { bucket: 'onair-recordings', region: 'ap-northeast-2' };
    expect(destinationProblem(destination('s3', good))).toBeNull();
    expect(destinationProblem(destination('s3', { ...good, bucket: 'Bad_Bucket' }))).toMatch(
      /Bad_Bucket/,
    );
    expect(destinationProblem(destination('s3', { ...good, bucket: 'a..b' }))).not.toBeNull();
    expect(destinationProblem(destination('s3', { ...good, region: 'moon' }))).toMatch(/moon/);
  });

  it('service: keys', () => {
    const good = { vod_service_account_key: 'onair-vod', vod_channel_key: 'news0001' };
    expect(destinationProblem(destination('service', good))).toBeNull();
    expect(
      destinationProblem(destination('service', { ...good, vod_channel_key: 'news 01' })),
    ).toMatch(/news 01/);
  });
});
