import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  bindMobileBody,
  changeMobileBody,
  nicknameBody,
  passwordBody,
  socialiteAppParams,
  verifyMobileBody,
} from '@kezhan/contract/member';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { AuthenticationError } from '../../shared/http/errors';
import { validate } from '../../shared/http/validate';
import { memberIdOf, requireMember } from '../../shared/auth/guard';
import { loadMemberDetail } from './member-detail';
import { readAvatarUpload, replaceAvatar } from './avatar-service';
import {
  bindMobile,
  changeMobile,
  issueMobileSign,
  resetPassword,
  setNickname,
  unbindSocialite,
} from './profile-service';
import { requestAccountDeletion } from './account-deletion';

/** The member's own account (api-contract §6, §12.6). Every route acts on the token's member only. */
export default async function memberRoutes(app: FastifyInstance) {
  const services = app.services;
  const { db, env } = services;
  const member = { preHandler: requireMember };
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1 },
    throwFileSizeLimit: true,
  });

  app.get('/api/v2/member/detail', member, async (request) => {
    const detail = await loadMemberDetail(db, memberIdOf(request), env.appUrl);
    if (!detail) throw new AuthenticationError();
    return ok(detail);
  });

  app.post('/api/v2/member/detail/avatar', member, async (request) => {
    const userId = memberIdOf(request);
    await replaceAvatar(services, userId, await readAvatarUpload(request));
    return ok(NO_DATA);
  });

  app.post('/api/v2/member/detail/nickname', member, async (request) => {
    await setNickname(services, memberIdOf(request), validate(nicknameBody, request.body));
    return ok(NO_DATA);
  });

  app.post('/api/v2/member/detail/password', member, async (request) => {
    const body = validate(passwordBody, request.body);
    await resetPassword(services, memberIdOf(request), request.member!.jti, body);
    return ok(NO_DATA);
  });

  app.post('/api/v2/member/detail/mobile', member, async (request) => {
    await bindMobile(services, memberIdOf(request), validate(bindMobileBody, request.body));
    return ok(NO_DATA);
  });

  app.post('/api/v2/member/verify', member, async (request) => {
    const sign = await issueMobileSign(
      services,
      memberIdOf(request),
      validate(verifyMobileBody, request.body),
    );
    return ok({ sign });
  });

  app.put('/api/v2/member/mobile', member, async (request) => {
    await changeMobile(services, memberIdOf(request), validate(changeMobileBody, request.body));
    return ok(NO_DATA);
  });

  app.post('/api/v3/member/destroy', member, async (request) => {
    await requestAccountDeletion(db, memberIdOf(request), services.now());
    return ok(NO_DATA);
  });

  app.delete<{ Params: { app: string } }>('/api/v2/member/socialite/:app', member, async (request) => {
    const { app: socialApp } = validate(socialiteAppParams, request.params);
    await unbindSocialite(db, memberIdOf(request), socialApp);
    return ok(NO_DATA);
  });
}
