import { useCallback } from 'react';
import { getMemberDetail } from '@/shared/api/get-member-detail';
import type { RequestOptions } from '@/shared/http/client';
import { useAppStore } from '@/shared/store/app-store';

/** Loads `/api/v2/member/detail` again and puts the fresh member in the store. */
export function useRefreshUser() {
  return useCallback(async (options?: RequestOptions) => {
    const user = (await getMemberDetail(options)).data;
    useAppStore.getState().loginAction(user);
    return user;
  }, []);
}
