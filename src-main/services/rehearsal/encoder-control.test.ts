/**
 * The encoder control client never sends rehearsal traffic off this machine: a base URL on
 * another host is refused before any request (no network is touched by this test).
 */
import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../platform/errors';
import { encoderControl } from './encoder-control';

describe('encoder control', () => {
  it('refuses a sandbox base URL that is not on this machine, before sending anything', () => {
    for (const url of [
      'https://live.example.com/api',
      'http://10.0.0.5:4010/live/api',
      'nonsense',
    ]) {
      let refused: unknown = null;
      try {
        encoderControl(url);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(PlatformError);
      expect((refused as PlatformError).error.code).toBe('forbidden');
    }
  });

  it('accepts loopback base URLs', () => {
    for (const url of [
      'http://127.0.0.1:4010/live/api',
      'http://localhost:1/',
      'http://[::1]:2/',
    ]) {
      expect(() => encoderControl(url)).not.toThrow();
    }
  });
});
