import { create } from 'zustand';
import type { MemberDetail, SiteConfig } from '../api/types';
import { clearToken } from '../storage/storage';

/** Site configuration before the server answers (MeEdu's defaults). */
export const DEFAULT_CONFIG: SiteConfig = {
  aboutus: '',
  course_purchase_notice: '',
  credit1_reward: { paid_order: '', register: 0, watched_video: 0, watched_vod_course: 0 },
  enabled_addons: {},
  h5_url: '',
  pc_url: '',
  url: '',
  icp: '',
  icp_link: '',
  icp2: '',
  icp2_link: '',
  links: [],
  logo: { logo: '', white_logo: '' },
  member: { enabled_face_verify: false, enabled_mobile_bind_alert: 0 },
  name: '',
  webname: '',
  navs: [],
  sliders: [],
  player: {
    cover: '',
    enabled_bullet_secret: 0,
    bullet_secret: { color: '', opacity: 1, size: 14, text: '' },
  },
  socialites: { qq: 0, wechat_oauth: 0, wechat_scan: 0 },
  user_protocol: '',
  user_private_protocol: '',
  vip_protocol: '',
};

export interface AppState {
  isLogin: boolean;
  user: MemberDetail | null;
  config: SiteConfig;
  /** Marks the user as logged in with the given member detail. */
  loginAction: (user: MemberDetail) => void;
  /** Forgets the user and removes the stored token. */
  logoutAction: () => void;
  /** Replaces the whole configuration (one action saves a new value). */
  saveConfigAction: (config: SiteConfig) => void;
}

export const useAppStore = create<AppState>()((set) => ({
  isLogin: false,
  user: null,
  config: DEFAULT_CONFIG,
  loginAction: (user) => set({ isLogin: true, user }),
  logoutAction: () => {
    clearToken();
    set({ isLogin: false, user: null });
  },
  saveConfigAction: (config) => set({ config }),
}));

/** Puts the store back to its first state; for tests. */
export function resetAppStore(): void {
  useAppStore.setState({ isLogin: false, user: null, config: DEFAULT_CONFIG });
}
