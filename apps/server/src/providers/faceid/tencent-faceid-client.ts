import type { FaceIdEnv } from '../../config/env';
import { FaceIdError, type FaceIdProvider, type FaceIdResult, type FaceIdSession } from './faceid-provider';
import { signTc3 } from './tc3-signer';

const API_VERSION = '2018-03-01';
/** GetDetectInfoEnhanced InfoType 1: the text result only (no photos or video to store). */
const TEXT_RESULT_ONLY = '1';

type TencentAnswer = Record<string, unknown> & { Error?: { Code?: string; Message?: string } };

/** Tencent Cloud FaceID 慧眼 (faceid.tencentcloudapi.com): `DetectAuth` and `GetDetectInfoEnhanced`. */
export class TencentFaceIdClient implements FaceIdProvider {
  readonly driver = 'real';

  constructor(
    private readonly config: FaceIdEnv,
    private readonly now: () => Date = () => new Date(),
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get configured(): boolean {
    return Boolean(this.config.secretId && this.config.secretKey && this.config.ruleId);
  }

  get ruleId(): string {
    return this.config.ruleId;
  }

  async start({ redirectUrl, extra }: { redirectUrl: string; extra: string }): Promise<FaceIdSession> {
    const answer = await this.call('DetectAuth', {
      RuleId: this.config.ruleId,
      RedirectUrl: redirectUrl,
      Extra: extra,
    });
    const bizToken = typeof answer.BizToken === 'string' ? answer.BizToken : '';
    const url = typeof answer.Url === 'string' ? answer.Url : '';
    if (!bizToken || !url) throw new FaceIdError('MissingField', 'DetectAuth answered without BizToken/Url');
    return { bizToken, url, requestId: typeof answer.RequestId === 'string' ? answer.RequestId : '' };
  }

  async result({ bizToken, ruleId }: { bizToken: string; ruleId: string }): Promise<FaceIdResult> {
    const answer = await this.call('GetDetectInfoEnhanced', {
      BizToken: bizToken,
      RuleId: ruleId,
      InfoType: TEXT_RESULT_ONLY,
    });
    const text = (answer.Text ?? {}) as Record<string, unknown>;
    if (text.ErrCode === null || text.ErrCode === undefined) return { outcome: 'pending' };
    if (text.ErrCode === 0) {
      return {
        outcome: 'passed',
        name: typeof text.Name === 'string' ? text.Name : '',
        idNumber: typeof text.IdCard === 'string' ? text.IdCard : '',
      };
    }
    return { outcome: 'failed', reason: `${String(text.ErrCode)} ${String(text.ErrMsg ?? '')}`.trim() };
  }

  private async call(action: string, body: Record<string, unknown>): Promise<TencentAnswer> {
    const payload = JSON.stringify(body);
    const endpoint = new URL(this.config.endpoint);
    const { Host: _host, ...headers } = signTc3({
      secretId: this.config.secretId,
      secretKey: this.config.secretKey,
      service: 'faceid',
      host: endpoint.host,
      action,
      version: API_VERSION,
      region: this.config.region,
      payload,
      timestamp: Math.floor(this.now().getTime() / 1000),
    });
    let answer: { Response?: TencentAnswer };
    try {
      const response = await this.fetchImpl(`${endpoint.origin}/`, {
        method: 'POST',
        headers, // fetch sets Host from the URL itself
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      throw new FaceIdError('Unreachable', (error as Error).message);
    }
    const result = answer.Response;
    if (!result) throw new FaceIdError('MalformedAnswer', 'no Response object');
    if (result.Error) throw new FaceIdError(result.Error.Code ?? 'Unknown', result.Error.Message ?? '');
    return result;
  }
}
