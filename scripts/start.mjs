// `npm start`. Development (NODE_ENV unset or `development`): install what is missing, build the h5
// and the console if their sources changed, then serve h5 + API from the server's TypeScript
// sources. Production: run the built server (`npm run build` made it), building and installing
// nothing. Either way the server runs the migrations, and outside production seeds the demo on
// first start.
import {
  checkProductionBuilds,
  developerEnv,
  ensureAdminBuild,
  ensureDependencies,
  ensureFfmpeg,
  ensureH5Build,
  isDevelopment,
  startServer,
} from './lib.mjs';

if (isDevelopment(developerEnv())) {
  ensureDependencies();
  ensureFfmpeg();
  ensureH5Build();
  ensureAdminBuild();
} else {
  const { refusal, warnings = [] } = checkProductionBuilds();
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  for (const warning of warnings) console.warn(warning);
}
const server = startServer();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
