import { describe, expect, it } from 'vitest';
import { redact } from './redact';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYSIsInNjb3BlcyI6W119.c2lnbmF0dXJlLXZhbHVl';

describe('redact', () => {
  it('hides bearer tokens, access_token parameters, JWTs and the launch secret', () => {
    const text = [
      `Authorization: Bearer ${jwt}`,
      `GET https://vod.example/api/media-contents?access_token=s3cr3t-vod-token&page=2`,
      `{"access_token":"another-secret"}`,
      `open http://127.0.0.1:5183/#k=abcdefghijklmnop`,
      `token ${jwt} leaked in a message`,
    ].join('\n');
    const out = redact(text);
    expect(out).not.toContain(jwt);
    expect(out).not.toContain('s3cr3t-vod-token');
    expect(out).not.toContain('another-secret');
    expect(out).not.toContain('abcdefghijklmnop');
    expect(out).toContain('page=2');
    expect(out).toContain('[redacted]');
  });

  it('hides restream stream keys and destination secrets in form, JSON or query text', () => {
    const out = redact(
      'POST syndications title=YouTube&stream_name=yt-key-1 {"streamKey":"yt-key-2","secretAccessKey":"s3-key"} password=ftp-pw',
    );
    for (const secret of ['yt-key-1', 'yt-key-2', 's3-key', 'ftp-pw'])
      expect(out).not.toContain(secret);
    expect(out).toContain('title=YouTube');
  });

  it('hides a studio seat’s credential and a PEM private key', () => {
    const secret = 'Zx9_'.repeat(10) + 'abc';
    const credential = `0123456789abcdef.${secret}`;
    const out = redact(
      `authorization: Seat ${credential}\nkept ${credential}\n-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMG\n-----END PRIVATE KEY-----`,
    );
    expect(out).not.toContain(secret);
    expect(out).not.toContain('MIGHAgEAMBMG');
    expect(out).toContain('[redacted-key]');
  });

  it('hides a hardware panel token pasted anywhere', () => {
    const token = 'odp_Qk3x9_aZ-7mNpLr2TyUvWx0123456789abcdefghi';
    const out = redact(`panel token ${token} in a note`);
    expect(out).not.toContain(token.slice(4));
    expect(out).toContain('odp_[redacted] in a note');
  });

  it('hides secrets in a URL’s query, keeping the rest of the address', () => {
    const out = redact(
      '"url": "https://127.0.0.1:9/updates/?channel=beta&token=tok3nSECRET42&sig=AbC123#top"',
    );
    expect(out).toBe(
      '"url": "https://127.0.0.1:9/updates/?channel=beta&token=[redacted]&sig=[redacted]#top"',
    );
  });

  it('leaves ordinary text alone', () => {
    expect(redact('Recording started for broadcast b1c2d3')).toBe(
      'Recording started for broadcast b1c2d3',
    );
  });
});
