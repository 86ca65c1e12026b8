import type { SmsEnv } from '../../config/env';
import { AliyunSmsSender } from './aliyun-sms-sender';
import { LogSmsSender } from './log-sms-sender';
import type { SmsSender } from './sms-sender';

export function createSmsSender(env: SmsEnv): SmsSender {
  return env.driver === 'aliyun' ? new AliyunSmsSender(env.aliyun) : new LogSmsSender();
}
