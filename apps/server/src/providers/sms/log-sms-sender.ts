import type { SmsMessage, SmsNotice, SmsSender } from './sms-sender';

/** Development driver: prints one line per SMS, e.g. `[sms] mobile=13800000001 scene=login code=123456`. */
export class LogSmsSender implements SmsSender {
  readonly name = 'log';
  readonly sendsNotices = true;

  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {}

  async send({ mobile, scene, code }: SmsMessage): Promise<void> {
    this.write(`[sms] mobile=${mobile} scene=${scene} code=${code}`);
  }

  async notify({ mobile, kind }: SmsNotice): Promise<void> {
    this.write(`[sms] mobile=${mobile} notice=${kind}`);
  }
}
