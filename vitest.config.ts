import { defineConfig } from 'vitest/config';

/** Unit and integration tests live next to the code as `*.test.ts`. */
export default defineConfig({
  test: {
    include: ['src-main/**/*.test.ts', 'src-renderer/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
