import {
  FACE_VERIFY_NOT_PASSED,
  FACE_VERIFY_PASSED,
  type faceVerifyQuery,
  type faceVerifyStartBody,
  type FaceVerifyResult,
  type FaceVerifyStart,
} from '@kezhan/contract/face';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppServices } from '../../services';
import { BusinessError } from '../../shared/http/errors';
import { FaceIdError, type FaceIdResult } from '../../providers/faceid/faceid-provider';
import { notifyMember } from '../messages/notify';
import { REDIRECT_NOT_ALLOWED_MESSAGE, siteRedirectPolicy } from '../../shared/http/redirect-policy';
import './tables';

export const ALREADY_VERIFIED_MESSAGE = '当前学员已完成实人认证';
export const START_FAILED_MESSAGE = '无法发起实名认证';
export const RECORD_NOT_FOUND_MESSAGE = '实名认证记录不存在';
export const QUERY_FAILED_MESSAGE = '实名认证结果查询失败，请稍后再试';
export const VERIFIED_NOTIFICATION = '您已通过实名认证';

/**
 * `POST /api/v3/member/tencent/faceVerify`: opens a FaceID session that
 * returns the browser to `s_url`, and remembers its biz_token as this member's.
 */
export async function startFaceVerify(
  services: AppServices,
  body: z.output<typeof faceVerifyStartBody>,
  memberId: number,
  log: FastifyBaseLogger,
): Promise<FaceVerifyStart> {
  const settings = await services.settings.snapshot();
  const redirectUrl = siteRedirectPolicy(services.env, settings).check(body.s_url);
  if (!redirectUrl) throw new BusinessError(REDIRECT_NOT_ALLOWED_MESSAGE);
  const profile = await services.db
    .selectFrom('user_profiles')
    .select('is_verify')
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  if (profile?.is_verify === 1) throw new BusinessError(ALREADY_VERIFIED_MESSAGE);

  const { faceId } = services;
  if (!faceId.configured) {
    log.warn('face verification requested but the Tencent FaceID settings are not set');
    throw new BusinessError(START_FAILED_MESSAGE);
  }
  let session;
  try {
    session = await faceId.start({ redirectUrl, extra: `member:${memberId}` });
  } catch (error) {
    if (!(error instanceof FaceIdError)) throw error;
    log.warn({ err: error.message }, 'FaceID DetectAuth failed');
    throw new BusinessError(START_FAILED_MESSAGE);
  }
  await services.db
    .insertInto('face_verify_records')
    .values({
      user_id: memberId,
      biz_token: session.bizToken,
      rule_id: faceId.ruleId,
      request_id: session.requestId,
      provider: faceId.driver,
    })
    .execute();
  return {
    url: session.url,
    rule_id: faceId.ruleId,
    biz_token: session.bizToken,
    request_id: session.requestId,
  };
}

/**
 * `GET /api/v3/member/tencent/faceVerify`: asks the vendor for the result of the
 * member's own session and marks the member verified only on a pass. Always a normal
 * envelope: `{status: 9}` passed, `{status: 5}` not (yet) passed.
 */
export async function queryFaceVerify(
  services: AppServices,
  query: z.output<typeof faceVerifyQuery>,
  memberId: number,
  log: FastifyBaseLogger,
): Promise<FaceVerifyResult> {
  const record = await services.db
    .selectFrom('face_verify_records')
    .select(['id', 'rule_id', 'status'])
    .where('biz_token', '=', query.biz_token)
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  if (!record || record.rule_id !== query.rule_id) throw new BusinessError(RECORD_NOT_FOUND_MESSAGE);
  if (record.status === FACE_VERIFY_PASSED) return { status: FACE_VERIFY_PASSED };

  let result: FaceIdResult;
  try {
    result = await services.faceId.result({ bizToken: query.biz_token, ruleId: record.rule_id });
  } catch (error) {
    if (!(error instanceof FaceIdError)) throw error;
    log.warn({ err: error.message }, 'FaceID GetDetectInfoEnhanced failed');
    if (error.code === 'Unreachable') throw new BusinessError(QUERY_FAILED_MESSAGE);
    return { status: FACE_VERIFY_NOT_PASSED };
  }
  if (result.outcome === 'pending') return { status: FACE_VERIFY_NOT_PASSED };
  if (result.outcome === 'failed') {
    await services.db
      .updateTable('face_verify_records')
      .set({
        status: FACE_VERIFY_NOT_PASSED,
        failure: result.reason.slice(0, 500),
        updated_at: services.now(),
      })
      .where('id', '=', record.id)
      .where('status', '<>', FACE_VERIFY_PASSED)
      .execute();
    return { status: FACE_VERIFY_NOT_PASSED };
  }
  await markVerified(services, memberId, record.id, result);
  return { status: FACE_VERIFY_PASSED };
}

async function markVerified(
  services: AppServices,
  memberId: number,
  recordId: number,
  passed: Extract<FaceIdResult, { outcome: 'passed' }>,
) {
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    // Two tabs may ask at once: only the one that flips the record writes the profile and the message.
    const flipped = await trx
      .updateTable('face_verify_records')
      .set({ status: FACE_VERIFY_PASSED, failure: '', updated_at: now })
      .where('id', '=', recordId)
      .where('status', '<>', FACE_VERIFY_PASSED)
      .returning('id')
      .executeTakeFirst();
    if (!flipped) return;
    const profile = {
      real_name: passed.name.slice(0, 64),
      id_number: passed.idNumber.slice(0, 32),
      is_verify: 1,
      verified_at: now,
      updated_at: now,
    };
    await trx
      .insertInto('user_profiles')
      .values({ user_id: memberId, ...profile, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(profile))
      .execute();
    await notifyMember(trx, memberId, VERIFIED_NOTIFICATION);
  });
}
