import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/http/envelope';
import { memberIdOf, requireMember } from '../../shared/auth/guard';
import { DevFaceIdProvider } from '../../providers/faceid/dev-faceid-provider';
import { registerDevFaceIdRoutes } from './dev-routes';
import { queryFaceVerify, startFaceVerify } from './face-verify-service';

/** Real-name verification through Tencent Cloud FaceID, api-contract §13. */
export default async function faceVerifyRoutes(app: FastifyInstance) {
  const services = app.services;

  app.post('/api/v3/member/tencent/faceVerify', { preHandler: requireMember }, async (request) =>
    ok(await startFaceVerify(services, request, memberIdOf(request))),
  );
  app.get('/api/v3/member/tencent/faceVerify', { preHandler: requireMember }, async (request) =>
    ok(await queryFaceVerify(services, request, memberIdOf(request))),
  );

  if (services.faceId instanceof DevFaceIdProvider) registerDevFaceIdRoutes(app, services.faceId);
}
