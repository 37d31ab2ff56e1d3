/**
 * The OpenAPI documents are the single source of truth (docs/dev/architecture.md, "Layers and import
 * rules"): the client types committed in `generated/` must be exactly what openapi-typescript makes
 * of them today. If this fails, run `npm run gen:api` and commit the result.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const documents = [
  ['resources/openapi/live-v1.yaml', 'src-main/platform/generated/live-v1.d.ts'],
  ['resources/openapi/vod-v3.yaml', 'src-main/platform/generated/vod-v3.d.ts'],
] as const;

describe('generated client types', () => {
  it.each(documents)('%s matches its generated types', (document, generated) => {
    const dir = mkdtempSync(join(tmpdir(), 'onair-gen-'));
    try {
      const out = join(dir, 'out.d.ts');
      execFileSync(join('node_modules', '.bin', 'openapi-typescript'), [document, '-o', out], {
        stdio: 'ignore',
      });
      expect(readFileSync(generated, 'utf8')).toBe(readFileSync(out, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
