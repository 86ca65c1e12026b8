import { useApiQuery } from '../data/query';
import { getToken } from '../storage/storage';
import { useAppStore } from '../store/app-store';
import { getMemberDetail } from './get-member-detail';

/**
 * The member as the server has it now (a purchase a moment ago moves the VIP expiry), written into
 * the app store, which holds the member's one copy for every screen. `quiet: false` lets the HTTP
 * client toast a failure.
 */
export function useFreshMember({ quiet = true }: { quiet?: boolean } = {}) {
  return useApiQuery(['member-detail'], async (signal) => {
    const { data } = await getMemberDetail({ quiet, signal });
    // A logout while the answer was on its way must not log the member back in.
    if (getToken()) useAppStore.getState().loginAction(data);
    return data;
  });
}
