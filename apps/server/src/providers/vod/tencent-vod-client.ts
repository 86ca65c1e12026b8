import { randomBytes } from 'node:crypto';
import type { TencentVodEnv } from '../../config/vod-env';
import { signTc3 } from '../faceid/tc3-signer';
import { signTencentKeyHotlink } from './tencent-key-signing';
import type { VodCredentialSource } from './vod-credentials';
import {
  formatOfUrl,
  VodError,
  type VodFailure,
  type VodPlayAnswer,
  type VodPlayRequest,
  type VodPlayUrl,
  type VodProvider,
} from './vod-provider';

interface MediaInfo {
  FileId?: string;
  BasicInfo?: { MediaUrl?: string; Status?: string } | null;
  MetaData?: { Duration?: number } | null;
  TranscodeInfo?: { TranscodeSet?: { Url?: string; Definition?: number; Height?: number }[] } | null;
  AdaptiveDynamicStreamingInfo?: {
    AdaptiveDynamicStreamingSet?: { Url?: string; Definition?: number; Package?: string; DrmType?: string }[];
  } | null;
}

interface DescribeMediaInfosAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    MediaInfoSet?: MediaInfo[];
    NotExistFileIdSet?: string[];
  };
}

function failureOf(code: string): VodFailure {
  if (code.startsWith('ResourceNotFound') || code === 'InvalidParameterValue.FileIds') return 'not-found';
  return 'refused';
}

/**
 * Tencent Cloud VOD: `DescribeMediaInfos` (API 3.0, TC3-HMAC-SHA256) finds the file's play
 * addresses — an unencrypted adaptive HLS stream first, then a transcode (HLS before MP4, the
 * highest first), then the original — and each is signed with the play domain's Key 防盗链 KEY:
 * expiry `t`, the trial `exper` (cut by Tencent's CDN), `rlimit` viewer IPs and a random `us`.
 */
export class TencentVodClient implements VodProvider {
  readonly vendor = 'tencent' as const;

  constructor(
    private readonly config: TencentVodEnv,
    private readonly credentials: VodCredentialSource,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async play(request: VodPlayRequest): Promise<VodPlayAnswer> {
    const credentials = await this.credentials.tencent();
    if (!credentials)
      throw new VodError('not-configured', 'TENCENT_VOD_SECRET_ID / SECRET_KEY / PLAY_KEY not set');
    const info = await this.describe(credentials, request);
    const duration = Math.round(info.MetaData?.Duration ?? 0) || request.lessonSeconds;
    const addresses = playAddresses(info);
    if (addresses.length === 0)
      throw new VodError('not-ready', `DescribeMediaInfos ${request.mediaId}: no play address`);
    // Tencent plays nothing when exper is at least the video's length: a trial that long is the lesson.
    const trial = request.trialSeconds > 0 && (duration === 0 || request.trialSeconds < duration);
    const expiresAt =
      Math.floor(request.now.getTime() / 1000) +
      request.ttlSeconds +
      Math.max(duration, request.lessonSeconds);
    const urls: VodPlayUrl[] = addresses.map(({ url, definition }) => {
      const signed = signTencentKeyHotlink(url, {
        key: credentials.playKey,
        expiresAt,
        exper: trial ? request.trialSeconds : 0,
        rlimit: this.config.rlimit,
        us: randomBytes(8).toString('hex'),
      });
      return { url: signed, format: formatOfUrl(signed), definition };
    });
    return { urls, duration, trialSeconds: trial ? request.trialSeconds : 0 };
  }

  private async describe(
    credentials: { secretId: string; secretKey: string },
    request: VodPlayRequest,
  ): Promise<MediaInfo> {
    const body: Record<string, unknown> = {
      FileIds: [request.mediaId],
      Filters: ['basicInfo', 'metaData', 'transcodeInfo', 'adaptiveDynamicStreamingInfo'],
    };
    if (this.config.subAppId) body.SubAppId = Number(this.config.subAppId);
    const payload = JSON.stringify(body);
    const headers = signTc3({
      secretId: credentials.secretId,
      secretKey: credentials.secretKey,
      service: 'vod',
      host: new URL(this.config.endpoint).host,
      action: 'DescribeMediaInfos',
      version: '2018-07-17',
      region: this.config.region || undefined,
      payload,
      timestamp: Math.floor(request.now.getTime() / 1000),
    });
    let answer: DescribeMediaInfosAnswer;
    try {
      const response = await this.fetchImpl(`${this.config.endpoint}/`, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      answer = (await response.json()) as DescribeMediaInfosAnswer;
    } catch (error) {
      throw new VodError('unreachable', `Tencent VOD unreachable: ${(error as Error).message}`);
    }
    const error = answer.Response?.Error;
    if (error?.Code)
      throw new VodError(failureOf(error.Code), `Tencent VOD ${error.Code}: ${error.Message ?? ''}`);
    const info = answer.Response?.MediaInfoSet?.find((item) => item.FileId === request.mediaId);
    if (!info || answer.Response?.NotExistFileIdSet?.includes(request.mediaId))
      throw new VodError('not-found', `Tencent VOD: FileId ${request.mediaId} does not exist`);
    return info;
  }
}

function playAddresses(info: MediaInfo): { url: string; definition: string }[] {
  const adaptive = (info.AdaptiveDynamicStreamingInfo?.AdaptiveDynamicStreamingSet ?? []).filter(
    (item) => item.Url && (item.Package ?? 'HLS') === 'HLS' && !item.DrmType,
  );
  if (adaptive.length > 0)
    return [{ url: adaptive[0].Url!, definition: String(adaptive[0].Definition ?? '') }];
  const transcodes = (info.TranscodeInfo?.TranscodeSet ?? [])
    .filter((item) => item.Url && item.Definition !== 0)
    .sort((a, b) => {
      const hls = Number(formatOfUrl(b.Url!) === 'm3u8') - Number(formatOfUrl(a.Url!) === 'm3u8');
      return hls || (b.Height ?? 0) - (a.Height ?? 0);
    });
  if (transcodes.length > 0)
    return [{ url: transcodes[0].Url!, definition: String(transcodes[0].Definition ?? '') }];
  const original = info.BasicInfo?.MediaUrl;
  return original ? [{ url: original, definition: '' }] : [];
}
