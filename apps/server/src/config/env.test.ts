import { describe, expect, it } from 'vitest';
import { assertDevelopmentOnLoopback, assertSafeForProduction, readEnv } from './env';

describe('environment', () => {
  it('has working defaults for development (KEZHAN_DEV=1, as npm start sets it)', () => {
    const env = readEnv({ KEZHAN_DEV: '1' });
    expect(env).toMatchObject({
      port: 8300,
      host: '127.0.0.1',
      jwtTtlMinutes: 20160,
      rateLimits: { anonymous: 600, member: 300, console: 600, boot: 6000, media: 6000, login: 120 },
      smsResendSeconds: 60,
      isProduction: false,
    });
    expect(env.dataDir.endsWith('/data')).toBe(true);
    expect(env.appUrl).toBe('http://127.0.0.1:8300');
  });

  it('is production unless development is asked for explicitly', () => {
    for (const source of [{}, { NODE_ENV: 'prod' }, { NODE_ENV: 'development' }, { NODE_ENV: 'staging' }]) {
      const env = readEnv(source);
      expect(env.isProduction, JSON.stringify(source)).toBe(true);
      expect(env.social.driver).toBe('real');
      expect(env.faceId.driver).toBe('real');
      expect(() => assertSafeForProduction(env)).toThrow('Refusing to start in production');
    }
    expect(readEnv({ KEZHAN_DEV: '1', NODE_ENV: 'production' }).isProduction).toBe(true);
    expect(readEnv({ KEZHAN_DEV: 'yes' }).isProduction).toBe(true);
    expect(readEnv({ KEZHAN_DEV: '1', NODE_ENV: 'staging' }).isProduction).toBe(false);
  });

  it('keeps development mode on loopback: any other HOST is refused with the reason', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(() => assertDevelopmentOnLoopback(readEnv({ KEZHAN_DEV: '1', HOST: host })), host).not.toThrow();
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.20',
      '10.0.0.5',
      'example.com',
      '128.0.0.1',
      '127.0.0.1.nip.io',
    ]) {
      expect(() => assertDevelopmentOnLoopback(readEnv({ KEZHAN_DEV: '1', HOST: host })), host).toThrow(
        `Refusing to start in development mode on HOST=${host}: development (demo member, console admin / kezhan123, simulated payment and social login) listens on a loopback address only`,
      );
    }
    // Production listens wherever it is told (behind nginx or in a container).
    expect(() =>
      assertDevelopmentOnLoopback(readEnv({ NODE_ENV: 'production', HOST: '0.0.0.0' })),
    ).not.toThrow();
    expect(() =>
      assertDevelopmentOnLoopback(readEnv({ KEZHAN_DEV: '1', NODE_ENV: 'production', HOST: '0.0.0.0' })),
    ).not.toThrow();
  });

  it('refuses production without a strong JWT_SECRET', () => {
    expect(() => assertSafeForProduction(readEnv({ NODE_ENV: 'production' }))).toThrow(
      'JWT_SECRET must be set',
    );
    expect(() => assertSafeForProduction(readEnv({ NODE_ENV: 'production', JWT_SECRET: 'short' }))).toThrow(
      'JWT_SECRET',
    );
  });

  it('refuses production without media signing and key secrets', () => {
    const base = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMS_DRIVER: 'aliyun',
      SOCIAL_DRIVER: 'real',
      FACEID_DRIVER: 'real',
    };
    expect(() => assertSafeForProduction(readEnv(base))).toThrow(/MEDIA_SIGNING_SECRET.*MEDIA_KEY_SECRET/);
    expect(() =>
      assertSafeForProduction(
        readEnv({ ...base, MEDIA_SIGNING_SECRET: 's'.repeat(40), MEDIA_KEY_SECRET: 'short' }),
      ),
    ).toThrow('MEDIA_KEY_SECRET must be set');
    expect(() =>
      assertSafeForProduction(
        readEnv({ ...base, MEDIA_SIGNING_SECRET: 's'.repeat(40), MEDIA_KEY_SECRET: 'k'.repeat(40) }),
      ),
    ).not.toThrow();
  });

  it('refuses production with the captcha test knob', () => {
    const env = readEnv({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MEDIA_SIGNING_SECRET: 's'.repeat(40),
      MEDIA_KEY_SECRET: 'k'.repeat(40),
      CAPTCHA_TEST_CODE: 'abcd',
      SMS_DRIVER: 'aliyun',
      SOCIAL_DRIVER: 'real',
      FACEID_DRIVER: 'real',
    });
    expect(() => assertSafeForProduction(env)).toThrow('CAPTCHA_TEST_CODE must not be set');
    expect(() => assertSafeForProduction({ ...env, captchaTestCode: undefined })).not.toThrow();
  });

  it('refuses production with development-only drivers', () => {
    const env = readEnv({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMS_DRIVER: 'log',
      SOCIAL_DRIVER: 'dev',
    });
    expect(() => assertSafeForProduction(env)).toThrow(
      /SMS_DRIVER must be a real gateway.*|SOCIAL_DRIVER must not be dev/,
    );
  });

  it('rejects malformed numbers instead of guessing', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow('PORT must be a non-negative integer');
    expect(() => readEnv({ SMS_DRIVER: 'carrier-pigeon' })).toThrow('SMS_DRIVER must be log or aliyun');
  });
});
