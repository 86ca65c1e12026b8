import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/http/envelope';
import { faceVerifyApi } from '@kezhan/contract/face';
import { memberIdOf } from '../../shared/auth/guard';
import { route } from '../../shared/http/route';
import { DevFaceIdProvider } from '../../providers/faceid/dev-faceid-provider';
import { registerDevFaceIdRoutes } from './dev-routes';
import { queryFaceVerify, startFaceVerify } from './face-verify-service';

/** Real-name verification through Tencent Cloud FaceID. */
export default async function faceVerifyRoutes(app: FastifyInstance) {
  const services = app.services;

  route(app, faceVerifyApi.start, async (request) =>
    ok(await startFaceVerify(services, request.body, memberIdOf(request), request.log)),
  );
  route(app, faceVerifyApi.result, async (request) =>
    ok(await queryFaceVerify(services, request.query, memberIdOf(request), request.log)),
  );

  if (services.faceId instanceof DevFaceIdProvider) registerDevFaceIdRoutes(app, services.faceId);
}
