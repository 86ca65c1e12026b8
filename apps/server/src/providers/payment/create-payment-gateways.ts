import type { ServerEnv } from '../../config/env';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';
import { AlipayGateway, isAlipayConfigured } from './alipay';
import { SandboxGateway } from './sandbox';
import { isWechatPayConfigured, WechatPayGateway } from './wechat-pay';

/** The gateways this node can use: a real one only when its merchant settings are complete. */
export interface PaymentGateways {
  alipay?: AlipayGateway;
  wechat?: WechatPayGateway;
  /** Absent in production. */
  sandbox?: SandboxGateway;
}

/** What the gateways are made from (a node's services fit). */
export interface PaymentGatewayDeps {
  env: ServerEnv;
  store: EphemeralStore;
  now: () => Date;
}

const built = new WeakMap<PaymentGatewayDeps, PaymentGateways>();

/** Built once per set of services; a malformed key stops the start with the variable's name. */
export function paymentGatewaysFor(services: PaymentGatewayDeps): PaymentGateways {
  const existing = built.get(services);
  if (existing) return existing;
  const { env } = services;
  const { alipay, wechat } = env.payment;
  const wrap = <T>(name: string, make: () => T): T => {
    try {
      return make();
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  };
  const gateways: PaymentGateways = {
    alipay: isAlipayConfigured(alipay)
      ? wrap('ALIPAY_PRIVATE_KEY / ALIPAY_PUBLIC_KEY', () => new AlipayGateway(alipay))
      : undefined,
    wechat: isWechatPayConfigured(wechat)
      ? wrap(
          'WECHAT_PAY_PRIVATE_KEY / WECHAT_PAY_PLATFORM_PUBLIC_KEY',
          () =>
            new WechatPayGateway(
              {
                ...wechat,
                appSecret: env.social.wechat.appSecret,
                oauthAuthorizeUrl: env.social.wechat.authorizeUrl,
                mpApiBaseUrl: env.social.wechat.apiBase,
              },
              fetch,
              services.now,
            ),
        )
      : undefined,
    sandbox: env.isProduction ? undefined : new SandboxGateway(services.store),
  };
  built.set(services, gateways);
  return gateways;
}
