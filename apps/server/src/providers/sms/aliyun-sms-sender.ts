import { createHmac, randomUUID } from 'node:crypto';
import type { SmsEnv } from '../../config/env';
import {
  SMS_NOTICE_CHANGES,
  SmsDeliveryError,
  type SmsMessage,
  type SmsNotice,
  type SmsSender,
} from './sms-sender';

/** RFC 3986 encoding as Aliyun's RPC signature requires (`*` → %2A, `~` kept, space → %20). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Aliyun RPC signature v1: HMAC-SHA1 over `METHOD&%2F&encoded(sorted query)` with `secret&`. */
export function signAliyunRpc(
  method: string,
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key])}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** Aliyun Dysms `SendSms` over the RPC protocol. */
export class AliyunSmsSender implements SmsSender {
  readonly name = 'aliyun';

  constructor(
    private readonly config: SmsEnv['aliyun'],
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Account notices need their own approved template (`ALIYUN_SMS_TEMPLATE_ACCOUNT_NOTICE`). */
  get sendsNotices(): boolean {
    return Boolean(this.config.templates.account_notice);
  }

  async send({ mobile, scene, code }: SmsMessage): Promise<void> {
    const templateCode = this.config.templates[scene];
    if (!templateCode) throw new SmsDeliveryError(`No Aliyun template configured for scene ${scene}`);
    await this.sendSms(mobile, templateCode, { code });
  }

  async notify({ mobile, kind }: SmsNotice): Promise<void> {
    const templateCode = this.config.templates.account_notice;
    if (!templateCode) throw new SmsDeliveryError('No Aliyun template configured for account notices');
    await this.sendSms(mobile, templateCode, { change: SMS_NOTICE_CHANGES[kind] });
  }

  private async sendSms(mobile: string, templateCode: string, templateParam: Record<string, string>) {
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = signAliyunRpc('POST', params, this.config.accessKeySecret);
    const body = new URLSearchParams(params).toString();
    let answer: { Code?: string; Message?: string };
    try {
      const response = await this.fetchImpl(`${this.config.endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      throw new SmsDeliveryError(`Aliyun SMS unreachable: ${(error as Error).message}`);
    }
    if (answer.Code !== 'OK')
      throw new SmsDeliveryError(`Aliyun SMS refused: ${answer.Code} ${answer.Message ?? ''}`);
  }
}
