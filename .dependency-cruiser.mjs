// dependency-cruiser: no import cycles in src-main, and the sandbox's folders
// (`npm run cycles`, part of `npm run check`). Import boundaries between the app's folders are
// ESLint's (eslint.config.js); the sandbox's are here, because they are rules between folders
// (a folder may import those below it), which dependency-cruiser states once for all files.

/**
 * The sandbox's folders, bottom first, each with the folders it may import besides itself
 * (docs/dev/sandbox.md, "Import directions"). `top` is the three files at the top: index.ts
 * (the only entry from outside), server.ts and operation-groups.ts. Tests are exempt: they
 * drive the whole sandbox.
 */
const sandboxLayers = {
  state: [],
  kernel: ['state'],
  callbacks: ['state', 'kernel'],
  live: ['state', 'kernel', 'callbacks'],
  vod: ['state', 'kernel', 'callbacks'],
  rehearsal: ['state', 'kernel', 'callbacks', 'live', 'vod'],
  'upload-host': ['state', 'kernel', 'callbacks', 'live', 'vod'],
  control: ['state', 'kernel', 'callbacks', 'live', 'vod', 'rehearsal', 'upload-host'],
  seed: ['state', 'kernel', 'callbacks', 'live', 'vod', 'rehearsal', 'upload-host'],
};
const sandbox = '^src-main/sandbox/';
const sandboxTests = '(\\.test\\.ts|test-support\\.ts)$';
const topFiles = '[^/]+\\.ts$';

/** One rule per layer: what a folder's files may not import of the sandbox. */
const sandboxLayerRules = Object.entries(sandboxLayers).map(([folder, below]) => ({
  name: `sandbox-${folder}-imports-below`,
  comment: `src-main/sandbox/${folder}/ imports ${below.length === 0 ? 'no other folder of the sandbox' : `only ${below.join(', ')}`} (docs/dev/sandbox.md).`,
  severity: 'error',
  from: { path: `${sandbox}${folder}/`, pathNot: sandboxTests },
  to: { path: sandbox, pathNot: `${sandbox}(${[folder, ...below].join('|')})/` },
}));
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...sandboxLayerRules,
    {
      name: 'sandbox-only-through-index',
      comment:
        'Outside the sandbox, only src-main/sandbox/index.ts is imported: its folders are its own (docs/dev/sandbox.md).',
      severity: 'error',
      from: { pathNot: sandbox },
      to: { path: sandbox, pathNot: `${sandbox}index\\.ts$` },
    },
    {
      name: 'sandbox-top-not-cli-or-testing',
      comment:
        "The sandbox's top files (index, server, operation groups) import neither cli/ nor testing/.",
      severity: 'error',
      from: { path: `${sandbox}${topFiles}`, pathNot: sandboxTests },
      to: { path: `${sandbox}(cli|testing)/` },
    },
    {
      name: 'sandbox-testing-is-not-production',
      comment:
        'src-main/sandbox/testing/ holds test harnesses: only tests and other harnesses import it.',
      severity: 'error',
      from: { path: sandbox, pathNot: `(${sandbox}testing/|\\.test\\.ts$)` },
      to: { path: `${sandbox}testing/` },
    },
    {
      name: 'no-circular',
      comment:
        'A cycle of imports that run: modules that load each other half-initialised. None, anywhere in src-main.',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-types',
      comment:
        'A cycle that closes only through `import type`: harmless when the app runs, but two ' +
        'modules that cannot be understood, moved or tested one without the other. Known ones ' +
        'are listed in .dependency-cruiser-known-violations.json until they are taken apart; a new one fails.',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Keep `import type` in the graph (as dependency type "type-only"), so both rules can tell.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['\\.d\\.ts$', '^src-main/platform/generated/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
