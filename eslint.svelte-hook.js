// Imported first by eslint.config.js, before svelte-eslint-parser loads (it reads the flag
// when it loads, so setting it in the config itself is too late).
//
// Type-aware linting of .svelte files rebuilt the TypeScript program for every component
// (sveltejs/eslint-plugin-svelte#1084, #1552): `eslint .` took 5 min 40 s on 2 cores, 4 min 44 s
// of it our 144 components. svelte-eslint-parser's ts.sys hook lets the program read each
// component's virtual TypeScript, so one program serves them all: 1 min 15 s, with the same
// findings (checked by planting type-aware errors in a component). Experimental upstream; set
// here so editors and `npm run lint` agree. Run with the variable set to 0 to compare.
process.env.SVELTE_ESLINT_PARSER_EXPERIMENTAL_TS_SYS_HOOK ??= '1';
