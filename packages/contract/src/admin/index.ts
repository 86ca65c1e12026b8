import type { Endpoint } from '../endpoint';
import { adminSessionApi } from './session';

/** Every endpoint of the operator console (`/api/admin/…`). */
export const ADMIN_ENDPOINTS: readonly Endpoint[] = [...Object.values(adminSessionApi)];
