import { useApiQuery } from '@/shared/data/query';
import { getRoles } from './get-roles';

/** The VIP plans on sale. */
export function useRoles() {
  return useApiQuery(['roles'], async (signal) => {
    const { data } = await getRoles({ signal });
    return Array.isArray(data) ? data : [];
  });
}
