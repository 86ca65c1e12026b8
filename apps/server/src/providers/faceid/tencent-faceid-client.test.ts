import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env';
import { FaceIdError } from './faceid-provider';
import { signTc3 } from './tc3-signer';
import { TencentFaceIdClient } from './tencent-faceid-client';
import { FakeTencentFaceId } from '../../../test/support/fakes/tencent-faceid';

const CREDENTIALS = { secretId: 'AKIDunit', secretKey: 'unit-key', ruleId: '3' };
const config = (endpoint: string, overrides: Record<string, string> = {}) =>
  readEnv({
    TENCENT_SECRET_ID: CREDENTIALS.secretId,
    TENCENT_SECRET_KEY: CREDENTIALS.secretKey,
    TENCENT_FACEID_RULE_ID: CREDENTIALS.ruleId,
    TENCENT_FACEID_ENDPOINT: endpoint,
    TENCENT_FACEID_REGION: 'ap-guangzhou',
    ...overrides,
  }).faceId;

describe('TencentFaceIdClient', () => {
  let tencent: FakeTencentFaceId;
  beforeAll(async () => {
    tencent = await new FakeTencentFaceId(CREDENTIALS).start();
  });
  afterAll(() => tencent.close());

  it('signs the canonical request over content-type, host and x-tc-action', () => {
    const headers = signTc3({
      ...CREDENTIALS,
      service: 'faceid',
      host: 'faceid.tencentcloudapi.com',
      action: 'DetectAuth',
      version: '2018-03-01',
      payload: '{}',
      timestamp: 1_700_000_000,
    });
    expect(headers.Authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDunit\/2023-11-14\/faceid\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/,
    );
    expect(headers['X-TC-Timestamp']).toBe('1700000000');
    expect(headers['X-TC-Region']).toBeUndefined();
  });

  it('starts a session and reads pending, failed and passed results from the fake Tencent', async () => {
    const client = new TencentFaceIdClient(config(tencent.url));
    expect(client.configured).toBe(true);
    const session = await client.start({
      redirectUrl: 'https://h5.test/auth/faceSuccess',
      extra: 'member:1',
    });
    expect(session.url).toContain(session.bizToken);
    expect(session.requestId).not.toBe('');
    expect(tencent.session(session.bizToken)?.extra).toBe('member:1');
    const ask = () => client.result({ bizToken: session.bizToken, ruleId: '3' });
    expect(await ask()).toEqual({ outcome: 'pending' });
    tencent.finish(session.bizToken, { errCode: 2004, errMsg: '比对不通过' });
    expect(await ask()).toEqual({ outcome: 'failed', reason: '2004 比对不通过' });
    tencent.finish(session.bizToken, { errCode: 0, name: '王五', idCard: '110101199001013333' });
    expect(await ask()).toEqual({ outcome: 'passed', name: '王五', idNumber: '110101199001013333' });
  });

  it('reports vendor errors with their code, and an unreachable vendor as Unreachable', async () => {
    const client = new TencentFaceIdClient(config(tencent.url));
    await expect(client.result({ bizToken: 'nope', ruleId: '3' })).rejects.toMatchObject({
      code: 'InvalidParameterValue.BizTokenIllegal',
    });
    const wrongKey = new TencentFaceIdClient(config(tencent.url, { TENCENT_SECRET_KEY: 'wrong' }));
    await expect(wrongKey.start({ redirectUrl: 'https://h5.test/', extra: '' })).rejects.toMatchObject({
      code: 'AuthFailure.SignatureFailure',
    });
    const down = new TencentFaceIdClient(config('http://127.0.0.1:9'));
    const error = await down.start({ redirectUrl: 'https://h5.test/', extra: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FaceIdError);
    expect((error as FaceIdError).code).toBe('Unreachable');
  });

  it('is not configured without a secret or rule id', () => {
    expect(new TencentFaceIdClient(config(tencent.url, { TENCENT_SECRET_KEY: '' })).configured).toBe(false);
    expect(new TencentFaceIdClient(config(tencent.url, { TENCENT_FACEID_RULE_ID: '' })).configured).toBe(
      false,
    );
  });
});
