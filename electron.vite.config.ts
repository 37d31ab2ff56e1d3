import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { parse } from 'yaml';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * The OpenAPI documents (resources/openapi/*.yaml) as JSON beside the main bundle,
 * `out/main/openapi/<name>.json`: the sandbox reads these when they are there
 * (src-main/sandbox/kernel/openapi.ts), so a start parses no YAML.
 */
function openApiAsJson(): Plugin {
  return {
    name: 'onair-openapi-json',
    generateBundle() {
      for (const name of ['live-v1', 'vod-v3']) {
        const text = readFileSync(resolve('resources/openapi', `${name}.yaml`), 'utf8');
        this.emitFile({
          type: 'asset',
          fileName: `openapi/${name}.json`,
          source: JSON.stringify(parse(text)),
        });
      }
    },
  };
}

/**
 * Three bundles: the trusted main process, the preload (sandboxed, so bundled whole with
 * no externals), and the untrusted Svelte renderer. The browser host serves the same
 * renderer bundle from `out/renderer`.
 */
export default defineConfig({
  main: {
    plugins: [openApiAsJson()],
    build: {
      // keytar is an optional native dependency (secrets/keychain.ts): loaded at run time.
      // Two entries: the desktop app's main, and the browser host's CLI (`npm run
      // start:browser` runs it with plain node, no TypeScript compile at start). Chunks stay
      // next to the entries: modules find resources/ and out/renderer from their own
      // location (`../../` from out/main, sandbox/kernel/openapi.ts, hosts/browser-cli.ts).
      rollupOptions: {
        input: {
          index: resolve('src-main/index.ts'),
          'browser-cli': resolve('src-main/hosts/browser-cli.ts'),
        },
        external: ['keytar'],
        output: { chunkFileNames: '[name]-[hash].js' },
      },
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
