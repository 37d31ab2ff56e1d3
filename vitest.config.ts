import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Unit and integration tests live next to the code as `*.test.ts`. Two projects: main's code
 * and the renderer's pure modules run in Node; renderer components (`*.dom.test.ts`) mount in
 * jsdom with Svelte's browser build, through @testing-library/svelte. A third, `security`
 * (`*.security.test.ts`), is run on its own by `npm run test:security`.
 */
/** Main's test files that vi.mock a module; they run isolated (project `node-mocks`). */
export const mockingFiles = [
  'src-main/hosts/electron-ipc.test.ts',
  'src-main/services/app/command-pipeline.test.ts',
];

export default defineConfig({
  // Compiles runes in `*.svelte.ts` modules (the renderer's i18n state) for the unit tests.
  plugins: [svelte()],
  test: {
    // Two files at once (vitest's own default is availableParallelism() - 1, one file on a
    // 2-core CI runner): many files wait on real time (the sandbox's rate limit), not on the CPU.
    // On a shared 2-core machine the whole run took 4.2 min with two (7.1 min with one on CI),
    // 4.3 min with three: no better, the CPU is then the bound.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'src-main/**/*.test.ts',
            'src-renderer/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'integrations/**/*.test.ts',
          ],
          exclude: [
            '**/*.dom.test.ts',
            '**/*.security.test.ts',
            'bench/bench-smoke.test.ts',
            ...mockingFiles,
            '**/node_modules/**',
          ],
          environment: 'node',
          // One module graph per worker, not one per file: main's files share most of their
          // imports (the sandbox, the services), and evaluating that graph again for each of
          // ~180 files was most of the run's CPU (12.1 min of CPU isolated, 3.9 min not; every
          // test passed both ways). Each file cleans up after itself (servers closed, timers
          // restored, temp folders removed); a file that cannot goes in its own project.
          isolate: false,
        },
      },
      {
        // Files that replace a module with vi.mock ('electron'): in a shared module graph the
        // first file's mock would serve the next file's import (seen on CI: the IPC host got
        // the pipeline test's fake), so these keep one graph per file.
        extends: true,
        test: { name: 'node-mocks', include: mockingFiles, environment: 'node' },
      },
      {
        // `npm run bench:smoke`: every bench section in its smoke mode (docs/dev/benchmarks.md);
        // `npm test` runs it in two parts (bench/bench-smoke.test.ts, `BENCH_SMOKE_PART`).
        extends: true,
        test: {
          name: 'bench-smoke',
          include: ['bench/bench-smoke.test.ts'],
          environment: 'node',
        },
      },
      {
        // `npm run test:security` (docs/security.md): every door and way in tried as an
        // outsider would, each test named after the point of the threat model it shows.
        extends: true,
        test: {
          name: 'security',
          include: ['src-main/**/*.security.test.ts', 'scripts/**/*.security.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          include: ['src-renderer/**/*.dom.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src-renderer/test-setup.ts'],
        },
      },
    ],
  },
});
