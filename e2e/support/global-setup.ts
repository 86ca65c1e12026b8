// Builds the h5 and the operator console once before the run when their sources changed (same
// check as `npm start`).
import { ensureAdminBuild, ensureH5Build } from '../../scripts/lib.mjs';

export default function globalSetup(): void {
  ensureH5Build();
  ensureAdminBuild();
}
