// `npm run build`: what production runs — the h5 (apps/h5/dist, dist-ssr), the operator console
// (apps/admin/dist) and the server bundle (apps/server/dist) — each rebuilt only when its sources
// changed since its last build (`-- --force` rebuilds all three).
import { ensureAdminBuild, ensureDependencies, ensureH5Build, ensureServerBuild } from './lib.mjs';

const options = { force: process.argv.includes('--force') };
ensureDependencies();
ensureH5Build(options);
ensureAdminBuild(options);
ensureServerBuild(options);
