// `npm run cli -- <command>`: operator commands (see `npm run cli -- --help`). Development runs
// the CLI's TypeScript sources; production runs its bundle (apps/server/dist/cli.js, `npm run build`).
import fs from 'node:fs';
import path from 'node:path';
import { developerEnv, ensureDependencies, isDevelopment, root, run } from './lib.mjs';

const env = developerEnv();
const bundle = path.join(root, 'apps/server/dist/cli.js');
let entry = ['--import', 'tsx', 'apps/server/src/cli/main.ts'];
if (isDevelopment(env)) {
  ensureDependencies();
} else {
  if (!fs.existsSync(bundle)) {
    console.error(
      `The server is not built (${bundle} is missing): run \`npm run build\` first (docs/deploy.md).`,
    );
    process.exit(1);
  }
  entry = [bundle];
}
process.exit(run(process.execPath, [...entry, ...process.argv.slice(2)], { env }));
