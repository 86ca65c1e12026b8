#!/usr/bin/env node
// Measures what a phone downloads to show the home route: the entry chunk, every chunk it
// imports statically, and the lazily loaded home page chunk with its own static imports.
// Reads the Vite manifest (build.manifest: true) and prints JSON {jsGzip, cssGzip, chunks}.
// Usage: node apps/h5/scripts/measure-bundle.mjs [distDir]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));
const manifestPath = [join(dist, '.vite', 'manifest.json'), join(dist, 'manifest.json')].find((p) =>
  existsSync(p),
);
if (!manifestPath) {
  console.error(`No Vite manifest in ${dist}; run "npm run build -w @kezhan/h5" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const HOME_PAGE = 'src/features/home/pages/home.tsx';
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('manifest has no entry chunk');
if (!manifest[HOME_PAGE]) throw new Error(`manifest has no ${HOME_PAGE} chunk`);

const seen = new Set();
const order = [];
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  for (const dep of chunk.imports ?? []) visit(dep);
  order.push(key);
}
visit(entryKey);
visit(HOME_PAGE);

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const cssFiles = new Set();
const chunks = [];
let jsGzip = 0;
for (const key of order) {
  const chunk = manifest[key];
  const gz = gzipSize(chunk.file);
  jsGzip += gz;
  const raw = readFileSync(join(dist, chunk.file)).length;
  chunks.push({ key, file: chunk.file, type: 'js', bytes: raw, gzip: gz });
  for (const css of chunk.css ?? []) cssFiles.add(css);
}
let cssGzip = 0;
for (const file of cssFiles) {
  const gz = gzipSize(file);
  cssGzip += gz;
  chunks.push({ key: file, file, type: 'css', bytes: readFileSync(join(dist, file)).length, gzip: gz });
}

console.log(JSON.stringify({ route: '/', jsGzip, cssGzip, chunks }, null, 2));
