import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';

describe('content security policy', () => {
  it('starts from default-src none and allows no inline or eval script', () => {
    expect(contentSecurityPolicy.startsWith("default-src 'none'")).toBe(true);
    expect(contentSecurityPolicy).not.toMatch(/unsafe-(inline|eval)/);
  });

  it("lets the page play its own sound cues, and no other origin's", () => {
    expect(contentSecurityPolicy.split('; ')).toContain("media-src 'self'");
  });

  it('is the same in the page meta tag (less frame-ancestors, which meta cannot carry)', () => {
    const html = readFileSync(new URL('../../src-renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    const expected = contentSecurityPolicy
      .split('; ')
      .filter((d) => !d.startsWith('frame-ancestors'))
      .join('; ');
    expect(meta).toBe(expected);
  });
});
