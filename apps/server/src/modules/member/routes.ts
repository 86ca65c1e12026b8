import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, memberApi } from '@kezhan/contract/member';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { AuthenticationError } from '../../shared/http/errors';
import { route } from '../../shared/http/route';
import { memberIdOf } from '../../shared/auth/guard';
import { loadMemberDetail } from './member-detail';
import { agreementStatus } from '../agreements/agreements-service';
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

/** The member's own account. Every route acts on the token's member only. */
export default async function memberRoutes(app: FastifyInstance) {
  const services = app.services;
  const { db } = services;
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1 },
    throwFileSizeLimit: true,
  });

  route(app, memberApi.detail, async (request) => {
    const userId = memberIdOf(request);
    const detail = await loadMemberDetail(db, userId);
    if (!detail) throw new AuthenticationError();
    const agreements = await agreementStatus(db, await app.services.settings.snapshot(), userId);
    return ok({ ...detail, agreement_status: agreements });
  });

  route(app, memberApi.avatar, async (request) => {
    const userId = memberIdOf(request);
    await replaceAvatar(services, userId, await readAvatarUpload(request));
    return ok(NO_DATA);
  });

  route(app, memberApi.nickname, async (request) => {
    await setNickname(services, memberIdOf(request), request.body);
    return ok(NO_DATA);
  });

  route(app, memberApi.password, async (request) => {
    const body = request.body;
    await resetPassword(services, memberIdOf(request), request.member!.jti, body);
    return ok(NO_DATA);
  });

  route(app, memberApi.bindMobile, async (request) => {
    await bindMobile(services, memberIdOf(request), request.body);
    return ok(NO_DATA);
  });

  route(app, memberApi.verifyMobile, async (request) => {
    const sign = await issueMobileSign(services, memberIdOf(request), request.body);
    return ok({ sign });
  });

  route(app, memberApi.changeMobile, async (request) => {
    await changeMobile(services, memberIdOf(request), request.body);
    return ok(NO_DATA);
  });

  route(app, memberApi.destroy, async (request) => {
    await requestAccountDeletion(db, memberIdOf(request), services.now());
    return ok(NO_DATA);
  });

  route(app, memberApi.unbindSocialite, async (request) => {
    const { app: socialApp } = request.params;
    await unbindSocialite(db, memberIdOf(request), socialApp);
    return ok(NO_DATA);
  });
}
