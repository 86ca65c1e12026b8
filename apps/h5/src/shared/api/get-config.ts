import { http, type RequestOptions } from '../http/client';
import { DEFAULT_CONFIG } from '../store/app-store';
import type { SiteConfig } from './types';

/** Fills what an older or partial server leaves out, so screens can read nested switches safely. */
export function withConfigDefaults(raw: Partial<SiteConfig> | null | undefined): SiteConfig {
  const value = raw ?? {};
  return {
    ...DEFAULT_CONFIG,
    ...value,
    member: { ...DEFAULT_CONFIG.member, ...(value.member ?? {}) },
    socialites: { ...DEFAULT_CONFIG.socialites, ...(value.socialites ?? {}) },
    player: { ...DEFAULT_CONFIG.player, ...(value.player ?? {}) },
    logo: { ...DEFAULT_CONFIG.logo, ...(value.logo ?? {}) },
    credit1_reward: { ...DEFAULT_CONFIG.credit1_reward, ...(value.credit1_reward ?? {}) },
  };
}

export async function getConfig(options?: RequestOptions): Promise<SiteConfig> {
  const res = await http.get<SiteConfig>('/api/v2/other/config', undefined, options);
  return withConfigDefaults(res.data);
}
