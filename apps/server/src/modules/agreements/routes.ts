import type { FastifyInstance } from 'fastify';
import { agreementsApi } from '@kezhan/contract/agreements';
import { memberIdOf } from '../../shared/auth/guard';
import { clientOf } from '../../shared/http/client-info';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { recordAgreements, REQUIRED_AGREEMENTS } from './agreements-service';

export default async function agreementRoutes(app: FastifyInstance) {
  const { db, settings, now } = app.services;

  route(app, agreementsApi.agree, async (request) => {
    await recordAgreements(
      db,
      await settings.snapshot(),
      memberIdOf(request),
      REQUIRED_AGREEMENTS,
      clientOf(request),
      now(),
    );
    return ok(NO_DATA);
  });
}
