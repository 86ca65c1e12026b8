// Where a server's CPU time went, from a V8 CPU profile (`node --cpu-prof`, or `BENCH_CPU_PROF=<dir>
// BENCH_ONLY=api npm run bench`): `node scripts/profile-summary.mjs <file.cpuprofile> [top]`.
//
// With the bench's <label>.slices.json next to the profile, only the samples taken during the
// measured config slices count, and every figure is also given in µs per request. Three tables:
//   - self time by owner: our source file, the npm package, Node's own module (node:http, …), or
//     the native function itself (writev, …), garbage collection and (program);
//   - inclusive time of each of our functions and each package (what a hook costs with all it calls);
//   - the functions with the most self time.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const [file, topArgument] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const TOP = Number(topArgument || 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const slicesFile = file.replace(/\.cpuprofile$/, '.slices.json');
const slices = fs.existsSync(slicesFile) ? JSON.parse(fs.readFileSync(slicesFile, 'utf8')) : [];

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

const IDLE = new Set(['(idle)', '(root)']);
const ROOT_URL = `file://${root}/`;

/** Who a frame belongs to: one of our files, an npm package, a Node module, or a native function. */
function ownerOf({ functionName, url }) {
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName || '(anonymous)'}`;
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').replace(/\/.*$/, '');
  const packagePath = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packagePath) return packagePath[1];
  return url.startsWith(ROOT_URL) ? url.slice(ROOT_URL.length) : url;
}

const ourCode = (url) => url.startsWith(ROOT_URL) && !url.includes('/node_modules/');
const frameName = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} ${ourCode(url) ? `${url.slice(ROOT_URL.length)}:${lineNumber + 1}` : ownerOf({ functionName, url })}`;

// Each sample lasts until the next one; with slices, only those inside one count.
let time = profile.startTime;
const inSlices = (at) => slices.length === 0 || slices.some(([start, end]) => at >= start && at <= end);
const self = new Map();
const inclusive = new Map();
const selfFunctions = new Map();
let busy = 0;
let idle = 0;
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
for (let i = 0; i < profile.samples.length; i += 1) {
  time += profile.timeDeltas[i];
  const duration = profile.timeDeltas[i + 1] ?? 0;
  if (!inSlices(time)) continue;
  const leaf = nodes.get(profile.samples[i]);
  if (IDLE.has(leaf.callFrame.functionName)) {
    idle += duration;
    continue;
  }
  busy += duration;
  add(self, ownerOf(leaf.callFrame), duration);
  add(selfFunctions, frameName(leaf.callFrame), duration);
  const seen = new Set();
  for (let id = leaf.id; id !== undefined; id = parents.get(id)) {
    const frame = nodes.get(id).callFrame;
    if (IDLE.has(frame.functionName) || frame.functionName === '(program)') continue;
    for (const key of [ourCode(frame.url) ? frameName(frame) : null, `[${ownerOf(frame)}]`]) {
      if (key === null || seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, duration);
    }
  }
}

const requests = slices.reduce((sum, slice) => sum + (slice[2] ?? 0), 0);
const format = (microseconds) => {
  const share = `${((microseconds / busy) * 100).toFixed(1).padStart(5)} %`;
  return requests > 0 ? `${share} ${(microseconds / requests).toFixed(2).padStart(7)} µs/req` : share;
};
const table = (title, map, limit) => {
  console.log(`\n${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
    console.log(`  ${format(value)}  ${key}`);
};

console.log(
  `${path.basename(file)}: ${slices.length > 0 ? `${slices.length} measured slices, ${requests} requests` : 'whole run'}; ` +
    `busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms` +
    (requests > 0 ? `; ${(busy / requests).toFixed(1)} µs of main-thread time per request` : ''),
);
table('Self time by owner', self, TOP);
table('Inclusive time: our functions, and [packages / Node modules]', inclusive, TOP * 2);
table('Self time by function', selfFunctions, TOP);
