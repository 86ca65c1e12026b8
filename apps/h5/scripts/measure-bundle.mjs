#!/usr/bin/env node
// Measures what a phone downloads for each route of the production build, gzipped.
// - The shell: the entry chunk, the app's start (which the entry imports once the first screen is
//   painted) and everything they import statically (every route needs it).
// - Each lazily loaded page: its chunk and the static imports that the shell does not already hold
//   (the route's "own" chunks). Chunks a page loads later with import() are listed, not counted.
// Budgets: the home route (shell + home page) ≤ 100 KB JS; any other route's own JS ≤ 30 KB.
// Reads the Vite manifest (build.manifest: true) and prints JSON {shell, routes, overBudget}.
// Usage: node apps/h5/scripts/measure-bundle.mjs [distDir] [--check]  (--check: exit 1 when over)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const HOME_BUDGET = 100 * 1024;
export const ROUTE_BUDGET = 30 * 1024;
const HOME_PAGE = 'src/features/home/pages/home.tsx';

const here = dirname(fileURLToPath(import.meta.url));
/** The module the entry starts the app with, as the contract names it (H5_START_MODULE). */
const START_MODULE = /H5_START_MODULE = '([^']+)'/.exec(
  readFileSync(join(here, '../../../packages/contract/src/h5-boot.ts'), 'utf8'),
)?.[1];
if (!START_MODULE) throw new Error('H5_START_MODULE not found in packages/contract/src/h5-boot.ts');
const args = process.argv.slice(2);
const check = args.includes('--check');
const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(here, '..', 'dist'));
const manifestPath = [join(dist, '.vite', 'manifest.json'), join(dist, 'manifest.json')].find((p) =>
  existsSync(p),
);
if (!manifestPath) {
  console.error(`No Vite manifest in ${dist}; run "npm run build -w @kezhan/h5" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('manifest has no entry chunk');
if (!manifest[HOME_PAGE]) throw new Error(`manifest has no ${HOME_PAGE} chunk`);

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The chunk keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, into);
  return into;
}

function measure(keys) {
  const js = [...keys].map((key) => ({ file: manifest[key].file, gzip: gzipSize(manifest[key].file) }));
  const cssFiles = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  const css = [...cssFiles].map((file) => ({ file, gzip: gzipSize(file) }));
  const later = new Set([...keys].flatMap((key) => manifest[key].dynamicImports ?? []));
  return {
    jsGzip: js.reduce((sum, chunk) => sum + chunk.gzip, 0),
    cssGzip: css.reduce((sum, chunk) => sum + chunk.gzip, 0),
    chunks: [...js, ...css],
    lazyImports: [...later].filter((key) => !key.includes('/pages/')),
  };
}

if (!manifest[START_MODULE]) throw new Error(`manifest has no ${START_MODULE} chunk`);
const shellKeys = staticClosure(START_MODULE, staticClosure(entryKey));
const pageKeys = Object.keys(manifest).filter(
  (key) => manifest[key].isDynamicEntry && key.includes('/pages/'),
);

const routes = pageKeys.sort().map((page) => {
  const own = new Set([...staticClosure(page)].filter((key) => !shellKeys.has(key)));
  const isHome = page === HOME_PAGE;
  const measured = measure(own);
  const budget = isHome ? HOME_BUDGET : ROUTE_BUDGET;
  const counted = isHome ? measured.jsGzip + measure(shellKeys).jsGzip : measured.jsGzip;
  return {
    page: page.replace(/^src\/features\//, '').replace(/\.tsx?$/, ''),
    counts: isHome ? 'shell + page' : 'own chunks',
    jsGzip: counted,
    cssGzip: measured.cssGzip,
    budget,
    overBudget: counted > budget,
    chunks: measured.chunks,
    lazyImports: measured.lazyImports,
  };
});

const overBudget = routes.filter((route) => route.overBudget).map((route) => route.page);
const report = { shell: measure(shellKeys), routes, overBudget };
console.log(JSON.stringify(report, null, 2));
if (check && report.overBudget.length > 0) {
  console.error(`Over budget: ${report.overBudget.join(', ')}`);
  process.exit(1);
}
