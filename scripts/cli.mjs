// `npm run cli -- <command>`: operator commands (see `npm run cli -- --help`).
import { developerEnv, ensureDependencies, run } from './lib.mjs';

ensureDependencies();
process.exit(
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...process.argv.slice(2)], {
    env: developerEnv(),
  }),
);
