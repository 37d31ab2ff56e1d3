/**
 * The repo keeps a copy of the spec's operation list (resources/spec/endpoints.tsv) so the
 * coverage check runs in any clone. Where the shared spec sits beside the checkout (the
 * team's machines and CI), the copy must equal it, so a spec change cannot go unnoticed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointsFile } from './coverage';

const shared = path.resolve(path.dirname(endpointsFile), '../../../shared/spec/endpoints.tsv');

describe('the spec copy', () => {
  it('lists 156 operations', () => {
    const lines = readFileSync(endpointsFile, 'utf8').split('\n');
    expect(lines.filter((l) => /^(live|vod)\t(GET|POST|PUT|DELETE)\t\//.test(l))).toHaveLength(156);
  });

  // Skipped, with its reason in its name, where the repository stands alone (CI, a release
  // checkout): the shared spec folder beside it is then absent.
  it.runIf(existsSync(shared))(
    'equals ../shared/spec/endpoints.tsv (skipped where that folder is not beside the repository)',
    () => {
      expect(readFileSync(endpointsFile, 'utf8')).toBe(readFileSync(shared, 'utf8'));
    },
  );
});
