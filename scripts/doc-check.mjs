#!/usr/bin/env node
/**
 * The doc check of `npm run check` (its row in docs/dev/testing.md): the docs a reader
 * follows must lead somewhere.
 *
 * 1. Every relative link of a Markdown file in the repository (`[text](path)` or
 *    `![alt](path)`, optionally with `#anchor`) names a file that exists, and its anchor a
 *    heading of that file (GitHub's slugs).
 * 2. Every citation of a section, `docs/<page>.md, "Heading"` or `README.md, "Heading"` (the
 *    comma optional, the quote on the next comment line allowed), in code or docs, names a
 *    heading that exists in that page.
 * 3. Every Markdown page a file names by path (`docs/….md`, `README.md`, `DESIGN.md`, …)
 *    exists in the repository.
 *
 * Prints one line per broken link or citation (`file:line: …`) and exits 1 when there is
 * any; otherwise prints `doc check: N links, M citations, all resolve` and exits 0.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.startsWith('node_modules/') && existsSync(join(root, f)));

const textFile = /\.(md|ts|mts|mjs|js|cjs|svelte|sh|ya?ml|json)$/;
const problems = [];
const headingCache = new Map();
let links = 0;
let citations = 0;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The headings of a Markdown file (text and slugs), outside fenced code. */
function headings(path) {
  if (headingCache.has(path)) return headingCache.get(path);
  const texts = new Set();
  const slugs = new Set();
  let fenced = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = m[1].replace(/`/g, '');
    texts.add(text);
    let s = slug(text);
    for (let n = 1; slugs.has(s); n++) s = `${slug(text)}-${n}`;
    slugs.add(s);
  }
  const found = { texts, slugs };
  headingCache.set(path, found);
  return found;
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

for (const file of files) {
  if (!textFile.test(file) || file === 'package-lock.json') continue;
  const full = join(root, file);
  if (statSync(full).size > 2_000_000) continue;
  const text = readFileSync(full, 'utf8');

  if (file.endsWith('.md')) {
    // Fenced code is not prose: its brackets are not links.
    const prose = text.replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ' '));
    for (const m of prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
      links++;
      const [pathPart, anchor] = target.split('#');
      const resolved = pathPart ? normalize(join(dirname(full), pathPart)) : full;
      const where = `${file}:${lineOf(text, m.index)}`;
      if (!existsSync(resolved)) {
        problems.push(`${where}: link to ${target}: no such file`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !headings(resolved).slugs.has(anchor))
        problems.push(`${where}: link to ${target}: no heading with that anchor`);
    }
  }

  // Citations of a section: `docs/x.md, "Heading"`, possibly across a comment line break.
  const citation =
    /((?:docs\/[\w./-]+|README)\.md|README)\)?[,:]?\s*(?:(?:\*|\/\/|#)\s*)?"([^"\n]{2,80})"/g;
  for (const m of text.matchAll(citation)) {
    if (file.endsWith('doc-check.mjs')) continue;
    const page = m[1] === 'README' ? 'README.md' : m[1];
    const path = join(root, page);
    if (!existsSync(path)) continue; // reported below as a missing page
    citations++;
    const { texts } = headings(path);
    if (!texts.has(m[2]))
      problems.push(`${file}:${lineOf(text, m.index)}: cites ${page}, "${m[2]}": no such heading`);
  }

  // Pages named by path must exist.
  for (const m of text.matchAll(/(?<![\w/.-])((?:docs\/[\w./-]+|[A-Z][A-Z_-]+)\.md)\b/g)) {
    if (file.endsWith('doc-check.mjs')) continue;
    const page = m[1];
    const fromRoot = join(root, page);
    const fromHere = join(dirname(full), page);
    if (!existsSync(fromRoot) && !existsSync(fromHere))
      problems.push(
        `${file}:${lineOf(text, m.index)}: names ${page}, which is not in the repository`,
      );
  }
}

for (const p of problems) console.log(`doc check: ${p}`);
if (problems.length > 0) {
  console.log(`doc check: ${problems.length} broken of ${links} links and ${citations} citations`);
  process.exit(1);
}
console.log(`doc check: ${links} links, ${citations} citations, all resolve`);
