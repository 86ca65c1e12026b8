// `npm start`: install what is missing, build the h5 if its sources changed, then serve h5 + API
// (migrations run and the demo is seeded by the server itself on first start).
import { ensureAdminBuild, ensureDependencies, ensureFfmpeg, ensureH5Build, startServer } from './lib.mjs';

ensureDependencies();
ensureFfmpeg();
ensureH5Build();
ensureAdminBuild();
const server = startServer();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
