/** The cloud VOD vendors a lesson can be played from (the `provider` of `video_vod_sources`). */
export type VodVendor = 'aliyun' | 'tencent';

export interface VodPlayRequest {
  /** Aliyun VOD `VideoId` or Tencent Cloud VOD `FileId`. */
  mediaId: string;
  /** 0: the whole lesson; otherwise the vendor cuts the stream after this many seconds (试看). */
  trialSeconds: number;
  /** The lesson's length as stored (0 = unknown); the vendor's own figure wins when it has one. */
  lessonSeconds: number;
  /** The member the address is for (written where the vendor logs it, never a secret). */
  viewerId: number;
  /** How long the address opens the stream once playback starts: MEDIA_URL_TTL (+ the lesson's length, added by the provider). */
  ttlSeconds: number;
  now: Date;
}

export interface VodPlayUrl {
  url: string;
  /** `m3u8`, `mp4`… */
  format: string;
  /** The vendor's rendition name (`FHD`, `HD`, `100210`…); empty when it has none. */
  definition: string;
}

export interface VodPlayAnswer {
  urls: VodPlayUrl[];
  /** The lesson's length as the vendor knows it, in seconds (0 = unknown). */
  duration: number;
  /** The seconds the vendor cuts the stream after (0 = the whole lesson, also for a trial at least as long). */
  trialSeconds: number;
}

/**
 * One vendor's short-lived, signed play addresses of a video of the school's library. The
 * implementation speaks the vendor's protocol (request signing, play-domain URL signing) and reads
 * its credentials when asked, so the console's sealed settings can supply them later.
 */
export interface VodProvider {
  readonly vendor: VodVendor;
  play(request: VodPlayRequest): Promise<VodPlayAnswer>;
}

/** What went wrong, as far as a member's message is concerned; `detail` is for the log only. */
export type VodFailure = 'not-configured' | 'not-found' | 'not-ready' | 'refused' | 'unreachable';

export class VodError extends Error {
  constructor(
    readonly failure: VodFailure,
    /** Vendor code and message, for the operator's log (never a credential). */
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'VodError';
  }
}

/** The extension of an address's path (`m3u8`, `mp4`), lower case; '' when it has none. */
export function formatOfUrl(url: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(new URL(url).pathname);
  return match ? match[1].toLowerCase() : '';
}
