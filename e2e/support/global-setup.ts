// Builds the h5 once before the run when its sources changed (same check as `npm start`).
import { ensureH5Build } from '../../scripts/lib.mjs';

export default function globalSetup(): void {
  ensureH5Build();
}
