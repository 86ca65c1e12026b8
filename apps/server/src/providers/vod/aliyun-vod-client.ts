import { randomUUID } from 'node:crypto';
import type { AliyunVodEnv } from '../../config/vod-env';
import { signAliyunRpc } from '../sms/aliyun-sms-sender';
import { signAliyunTypeA } from './aliyun-url-auth';
import type { VodCredentialSource } from './vod-credentials';
import {
  formatOfUrl,
  VodError,
  type VodFailure,
  type VodPlayAnswer,
  type VodPlayRequest,
  type VodProvider,
} from './vod-provider';

interface PlayInfo {
  PlayURL?: string;
  Format?: string;
  Definition?: string;
  Duration?: string;
  Status?: string;
}

interface GetPlayInfoAnswer {
  Code?: string;
  Message?: string;
  VideoBase?: { Duration?: string; Status?: string };
  PlayInfoList?: { PlayInfo?: PlayInfo[] };
}

const NOT_FOUND = new Set(['InvalidVideo.NotFound']);
const NOT_READY = new Set(['InvalidVideo.NoneStream', 'Forbidden.IllegalStatus', 'InvalidVideo.Blocked']);

function failureOf(code: string): VodFailure {
  if (NOT_FOUND.has(code)) return 'not-found';
  if (NOT_READY.has(code)) return 'not-ready';
  return 'refused';
}

/**
 * Aliyun VOD (ApsaraVideo VOD, API version 2017-03-21) `GetPlayInfo` over the RPC protocol
 * (HMAC-SHA1 signature over the canonicalized query). A trial asks Aliyun for a preview address
 * (`PlayConfig` `PreviewTime`): the CDN cuts the stream, and the preview length is inside Aliyun's
 * own `auth_key`, so a preview address is handed out only as Aliyun signed it. A full address is
 * signed here with the play domain's type A key when one is configured (the member's id as `uid`,
 * the exact expiry); without one, Aliyun's signed address (`AuthTimeout`) is used. An address
 * without any `auth_key` would open forever and is never handed out.
 */
export class AliyunVodClient implements VodProvider {
  readonly vendor = 'aliyun' as const;

  constructor(
    private readonly config: AliyunVodEnv,
    private readonly credentials: VodCredentialSource,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async play(request: VodPlayRequest): Promise<VodPlayAnswer> {
    const credentials = await this.credentials.aliyun();
    if (!credentials) throw new VodError('not-configured', 'ALIYUN_VOD_ACCESS_KEY_ID / SECRET not set');
    const nowSeconds = Math.floor(request.now.getTime() / 1000);
    // Like a local asset's playlist, the address outlives playinfo's TTL by the lesson's length so
    // a viewer can watch to the end.
    const answer = await this.getPlayInfo(credentials, request, request.ttlSeconds + request.lessonSeconds);
    const duration = Math.round(Number(answer.VideoBase?.Duration ?? 0)) || request.lessonSeconds;
    const lifetime = request.ttlSeconds + Math.max(duration, request.lessonSeconds);
    const trial = request.trialSeconds > 0 && (duration === 0 || request.trialSeconds < duration);
    const streams = (answer.PlayInfoList?.PlayInfo ?? []).filter(
      (info) => info.PlayURL && (!info.Status || info.Status === 'Normal'),
    );
    if (streams.length === 0)
      throw new VodError('not-ready', `GetPlayInfo ${request.mediaId}: no playable stream`);
    const urls = [];
    for (const info of streams) {
      const vendorSigned = new URL(info.PlayURL!).searchParams.has('auth_key');
      let url: string;
      if (!trial && credentials.authKey) {
        url = signAliyunTypeA(info.PlayURL!, {
          key: credentials.authKey,
          expiresAt: nowSeconds + lifetime,
          validitySeconds: this.config.authValiditySeconds,
          rand: randomUUID().replaceAll('-', ''),
          uid: String(request.viewerId),
        });
      } else if (vendorSigned) {
        url = info.PlayURL!;
      } else {
        throw new VodError(
          'refused',
          'the play domain answers unsigned addresses: turn on URL authentication (type A) for it, or set ALIYUN_VOD_AUTH_KEY',
        );
      }
      urls.push({
        url,
        format: (info.Format || formatOfUrl(url)).toLowerCase(),
        definition: info.Definition ?? '',
      });
    }
    return { urls, duration, trialSeconds: trial ? request.trialSeconds : 0 };
  }

  private async getPlayInfo(
    credentials: { accessKeyId: string; accessKeySecret: string },
    request: VodPlayRequest,
    authTimeout: number,
  ): Promise<GetPlayInfoAnswer> {
    const params: Record<string, string> = {
      AccessKeyId: credentials.accessKeyId,
      Action: 'GetPlayInfo',
      AuthTimeout: String(authTimeout),
      Format: 'JSON',
      Formats: 'm3u8,mp4',
      OutputType: 'cdn',
      RegionId: this.config.regionId,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      StreamType: 'video',
      Timestamp: request.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-03-21',
      VideoId: request.mediaId,
    };
    if (request.trialSeconds > 0)
      params.PlayConfig = JSON.stringify({ PreviewTime: String(request.trialSeconds) });
    params.Signature = signAliyunRpc('POST', params, credentials.accessKeySecret);
    let answer: GetPlayInfoAnswer;
    try {
      const response = await this.fetchImpl(`${this.config.endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      answer = (await response.json()) as GetPlayInfoAnswer;
    } catch (error) {
      throw new VodError('unreachable', `Aliyun VOD unreachable: ${(error as Error).message}`);
    }
    if (answer.Code)
      throw new VodError(failureOf(answer.Code), `Aliyun VOD ${answer.Code}: ${answer.Message ?? ''}`);
    return answer;
  }
}
