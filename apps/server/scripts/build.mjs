// `npm run build -w @kezhan/server`: the production bundle of the server and its operator CLI,
// apps/server/dist/{main,cli}.js (ES modules, Node 20). Plain `tsc` output cannot run as it is
// (relative imports without `.js`, the contract workspace published as TypeScript), so esbuild
// bundles our own code and the contract, and leaves every npm dependency to node_modules (native
// addons such as sharp, and packages that read files beside their code, stay as installed).
// Migrations, demo content and public files are read from their committed folders
// (src/config/app-folders.ts), not copied.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverDir, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const installed = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@kezhan/'));

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: serverDir,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  // The server and the CLI share most of their code: one copy of it, in chunks both import.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external: installed.flatMap((name) => [name, `${name}/*`]),
  // Stack traces name the TypeScript lines with NODE_OPTIONS=--enable-source-maps.
  sourcemap: 'linked',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(`server bundle: apps/server/dist (${Math.round(bytes / 1024)} KB of JavaScript)`);
