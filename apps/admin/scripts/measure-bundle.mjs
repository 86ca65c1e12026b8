#!/usr/bin/env node
// Measures the operator console's initial load, gzipped: the entry chunk and everything it imports
// statically — the login page and the shell (menu, header) — which every visit downloads before
// anything else. Lazily loaded pages are listed with their own chunks (beyond the initial load).
// Budget: initial JS ≤ 350 KB. Prints JSON {initial, pages, budget, overBudget}.
// Usage: node apps/admin/scripts/measure-bundle.mjs [distDir] [--check]  (--check: exit 1 when over)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_BUDGET = 350 * 1024;

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(here, '..', 'dist'));
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No Vite manifest in ${dist}; run "npm run build -w @kezhan/admin" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('manifest has no entry chunk');

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function staticClosure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, into);
  return into;
}

const sum = (keys) => {
  let js = 0;
  let css = 0;
  for (const key of keys) {
    js += gzipSize(manifest[key].file);
    for (const file of manifest[key].css ?? []) css += gzipSize(file);
  }
  return { js, css };
};

const initialKeys = staticClosure(entryKey);
const initial = { ...sum(initialKeys), chunks: [...initialKeys].map((key) => manifest[key].file) };
const pages = (manifest[entryKey].dynamicImports ?? []).map((key) => {
  const own = [...staticClosure(key)].filter((dep) => !initialKeys.has(dep));
  return { page: key, ...sum(own) };
});
const overBudget = initial.js > INITIAL_BUDGET;
console.log(JSON.stringify({ initial, pages, budget: INITIAL_BUDGET, overBudget }, null, 2));
if (args.includes('--check') && overBudget) process.exit(1);
