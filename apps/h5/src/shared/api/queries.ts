import { useApiQuery } from '../data/query';
import { useAppStore } from '../store/app-store';
import { getMemberDetail } from './get-member-detail';

/**
 * The member as the server has it now (a purchase a moment ago moves the VIP expiry), written into
 * the app store, which holds the member's one copy for every screen.
 */
export function useFreshMember() {
  return useApiQuery(['member-detail'], async (signal) => {
    const { data } = await getMemberDetail({ quiet: true, signal });
    useAppStore.getState().loginAction(data);
    return data;
  });
}
