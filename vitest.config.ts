import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/** Unit and integration tests live next to the code as `*.test.ts`. */
export default defineConfig({
  // Compiles runes in `*.svelte.ts` modules (the renderer's i18n state) for the unit tests.
  plugins: [svelte()],
  test: {
    include: ['src-main/**/*.test.ts', 'src-renderer/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
