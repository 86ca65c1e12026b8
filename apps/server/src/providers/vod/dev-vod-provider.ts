import type { VodPlayAnswer, VodPlayRequest, VodProvider, VodVendor } from './vod-provider';

/**
 * Development stand-in for a VOD vendor (VOD_DRIVER=dev): answers the demo lesson of this server,
 * marked with the vendor and id asked for, without calling anyone. Never used in production.
 */
export class DevVodProvider implements VodProvider {
  constructor(
    readonly vendor: VodVendor,
    private readonly appUrl: string,
  ) {}

  async play(request: VodPlayRequest): Promise<VodPlayAnswer> {
    const mark = new URLSearchParams({ vod: `${this.vendor}:${request.mediaId}` });
    if (request.trialSeconds > 0) mark.set('trial', String(request.trialSeconds));
    return {
      urls: [{ url: `${this.appUrl}/demo/lesson.m3u8?${mark.toString()}`, format: 'm3u8', definition: '' }],
      duration: request.lessonSeconds,
      trialSeconds: request.trialSeconds,
    };
  }
}
