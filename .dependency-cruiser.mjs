// dependency-cruiser: no import cycles in src-main (`npm run cycles`, part of `npm run check`).
// Import boundaries between folders are ESLint's (eslint.config.js); this file only looks for
// cycles, which a per-file lint rule cannot see.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
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
