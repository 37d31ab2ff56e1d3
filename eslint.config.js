// Flat ESLint config: strict TypeScript, Svelte, and the layering rules of docs/dev/architecture.md, "Layers and import rules"
// ("Import rules"), enforced here rather than remembered.
// First: turns on svelte-eslint-parser's ts.sys hook before the parser loads (see the file).
import './eslint.svelte-hook.js';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

const electronOnly = {
  group: ['electron', 'electron/*'],
  message:
    'Only index.ts, preload.ts and hosts/electron-ipc.ts may import electron (docs/dev/architecture.md, "Layers and import rules").',
};
// hosts/ may take Electron's *types* (erased at build) so its pure modules are tested
// against typed fakes of the Electron APIs they are given.
const electronTypesOnly = { ...electronOnly, allowTypeImports: true };

/** The domains of services/, one folder each. */
const domains = [
  'control-room',
  'schedule',
  'uploads',
  'downloads',
  'channels',
  'recordings',
  'statistics',
  'library',
  'workspaces',
  'settings',
  'rehearsal',
  'panels',
  'notifications',
  'activity',
  'studio',
];
const domainFiles = domains.map((domain) => `src-main/services/${domain}/**/*.ts`);
/** Test harnesses: a `testing/` folder of any layer, and the `*test-support.ts` files. */
const testHarnessFiles = ['src-main/**/testing/**/*.ts', 'src-main/**/*test-support.ts'];
const serviceTestFiles = [
  'src-main/services/**/*.test.ts',
  'src-main/services/**/*test-support.ts',
  'src-main/services/**/testing/**/*.ts',
];
/**
 * Production code never imports a test harness: a `testing/` folder (the takeover drill, the
 * tests' hubs and seats, fakes and fixtures) or a `*test-support` file. Only tests, harnesses
 * and benches do.
 */
const noTestHarness = {
  regex: '(^|/)(testing/|[^/]*test-support$)',
  message:
    'Test harnesses (a testing/ folder, *test-support.ts) are for tests and benches only, never production code (docs/dev/architecture.md, "Layers and import rules").',
};
const noAppWiring = {
  regex: '^\\.\\./app(/|$)',
  message:
    'A domain never imports the app wiring (services/app/): it is given what it needs (an AccountContext, callbacks).',
};
const onlyDomainIndexes = {
  regex: '^\\.\\./(?!core/|app(/|$))[^./][^/]*/(?!index$)',
  message:
    "Another domain only through its index.ts (import '../uploads'), never its files; shared ground belongs in core/.",
};
/** A string or template part naming the browser host's command endpoint, `/rpc/<command>`. */
// A template part may begin at `rpc/` (`${base}rpc/${command}`, base ending in a slash).
const rpcText = ':matches(Literal[value=/\\/rpc\\b/], TemplateElement[value.raw=/(^|\\/)rpc\\//])';
const aroundThePage =
  "Act through the page (click, type, drop, pick files): a spec that posts to the browser host's /rpc itself drives the app around its interface, and UI coverage would count it.";
/** e2e: no call to the browser host's `/rpc` from a page script or from Node (issue 21, part 7). */
const e2eThroughThePage = [
  {
    // page.evaluate(() => fetch('/rpc/…')), evaluateHandle, $eval, …: the page driven by script.
    selector: `CallExpression[callee.property.name=/^(evaluate|evaluateHandle|evaluateAll|\\$eval|\\$\\$eval|addInitScript)$/] ${rpcText}`,
    message: aroundThePage,
  },
  {
    // request.post('…/rpc/…'), page.request.fetch(…), and a plain fetch from Node.
    selector: `:matches(CallExpression[callee.property.name=/^(post|put|patch|delete|get|head|fetch)$/][callee.object.name=/request$/i], CallExpression[callee.property.name=/^(post|put|patch|delete|get|head|fetch)$/][callee.object.property.name=/request$/i], CallExpression[callee.name='fetch']) ${rpcText}`,
    message: aroundThePage,
  },
];
const noSandboxInDomains = {
  regex: '^(\\.\\./)+sandbox(/|$)',
  message: 'Domains reach the platform through core/platform-call, never the sandbox itself.',
};
const coreIsTheBottom = {
  regex: '^\\.\\./(?!core(/|$))[^./][^/]*',
  message: 'core/ is the bottom of services/: it imports no domain and not app/.',
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'src-main/platform/generated/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, svelteConfig },
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '*.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  // --- layering (docs/dev/architecture.md, "Layers and import rules") ---
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/index.ts', 'src-main/preload.ts', 'src-main/hosts/electron-ipc.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [electronOnly] }] },
  },
  {
    // Its own rule (typescript-eslint's no-restricted-imports), so the per-folder blocks of the
    // core rule below do not replace it: every production file of src-main, any folder.
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/**/*.test.ts', ...testHarnessFiles],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noTestHarness] }] },
  },
  // --- services/ by domain (docs/dev/architecture.md, "Layers and import rules") ---
  // app/ (wiring) imports anything. A domain imports core/, platform/, shared/, secrets/ and
  // its own folder; another domain only through that domain's index.ts; never app/ or the
  // sandbox. core/ imports no domain and not app/. Tests and test support drive the whole
  // app through the desk core against the sandbox, so they are free of these rules.
  {
    files: domainFiles,
    ignores: serviceTestFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [electronOnly, noAppWiring, onlyDomainIndexes, noSandboxInDomains] },
      ],
    },
  },
  {
    // The sandbox workspace starts the embedded platform: the one domain file that may.
    files: ['src-main/services/workspaces/workspace.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [electronOnly, noAppWiring, onlyDomainIndexes] },
      ],
    },
  },
  {
    files: ['src-main/services/core/**/*.ts'],
    ignores: serviceTestFiles,
    rules: {
      'no-restricted-imports': ['error', { patterns: [electronOnly, coreIsTheBottom] }],
    },
  },
  {
    // HandlerContext.session is still the whole Session: the registry and the pipeline take its
    // type, and only its type, until the handler context is narrowed to the AccountContext.
    files: [
      'src-main/services/core/command-registry.ts',
      'src-main/services/core/command-pipeline.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            { ...coreIsTheBottom, regex: '^\\.\\./(?!core(/|$)|app/session$)[^./][^/]*' },
            {
              regex: '^\\.\\./app/session$',
              allowTypeImports: true,
              message: 'The registry takes only the type of the session from app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/hosts/**/*.ts'],
    ignores: ['src-main/hosts/electron-ipc.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [electronTypesOnly] }] },
  },
  {
    files: ['src-main/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            {
              group: ['**/services/**', '**/hosts/**', '**/sandbox/**'],
              message: 'platform/ imports nothing from services/, hosts/ or sandbox/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            {
              group: [
                '**/platform/*',
                '!**/platform/generated',
                '**/services/**',
                '**/hosts/**',
                '**/secrets/**',
              ],
              message:
                'The sandbox never imports the clients or the app: it is checked against the OpenAPI documents on its own.',
            },
            {
              // Handlers are typed from the generated OpenAPI types (typed-operation.ts).
              group: ['**/platform/generated/**'],
              allowTypeImports: true,
              message: 'The sandbox takes only types from the generated OpenAPI documents.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            {
              group: ['node:*', '**/platform/**', '**/services/**', '**/hosts/**', '**/sandbox/**'],
              message: 'shared/ is pure TypeScript used by the renderer and preload.',
            },
          ],
        },
      ],
    },
  },
  {
    // The declarations name platform operations, checked against the generated OpenAPI types:
    // types only, so nothing of the platform layer reaches the renderer's bundle.
    files: ['src-main/shared/commands/define.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnly,
            {
              group: ['node:*', '**/services/**', '**/hosts/**', '**/sandbox/**'],
              message: 'shared/ is pure TypeScript used by the renderer and preload.',
            },
            {
              group: ['**/platform/**'],
              allowTypeImports: true,
              message: 'shared/ takes only types from the generated OpenAPI documents.',
            },
          ],
        },
      ],
    },
  },
  {
    // The sandboxed preload is bundled alone: it takes the IPC channel names from
    // shared/ipc-channels.ts and only types from the declarations, so zod stays out of it.
    files: ['src-main/preload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '**/shared/bridge', '**/shared/commands/**'],
              allowTypeImports: true,
              message:
                'The preload imports the declarations as types only (docs/dev/architecture.md, "Processes and trust").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'node:*'], message: 'The renderer has no Node and no Electron.' },
            {
              group: [
                '**/src-main/platform/**',
                '**/src-main/services/**',
                '**/src-main/hosts/**',
                '**/src-main/sandbox/**',
                '**/src-main/secrets/**',
              ],
              message: 'The renderer imports only src-main/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // Specs act through the page, not around it (issue 21, part 7): no spec or helper posts to
    // the browser host's command endpoint (`/rpc/<command>`) itself, from the page
    // (`page.evaluate` and kin) or from Node (`request.*`, `fetch`), so UI coverage counts
    // only what an operator's actions reach.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...e2eThroughThePage],
    },
  },
  {
    // No spec reads the wall clock: each test runs at ONAIR_E2E_CLOCK or now (e2e/clock.ts).
    files: ['e2e/**/*.spec.ts', 'e2e/schedule-support.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: "Read the test's clock (the `clock` fixture), never the wall clock.",
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read the test's clock (the `clock` fixture), never the wall clock.",
        },
        ...e2eThroughThePage,
      ],
    },
  },
);
