import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Three bundles: the trusted main process, the preload (sandboxed, so bundled whole with
 * no externals), and the untrusted Svelte renderer. The browser host serves the same
 * renderer bundle from `out/renderer`.
 */
export default defineConfig({
  main: {
    build: {
      // keytar is an optional native dependency (secrets/keychain.ts): loaded at run time.
      rollupOptions: { input: { index: resolve('src-main/index.ts') }, external: ['keytar'] },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { preload: resolve('src-main/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    build: {
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
