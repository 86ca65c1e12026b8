import type { FastifyInstance } from 'fastify';
import { adminAgreementsApi } from '@kezhan/contract/admin/agreements';
import { ok } from '../../shared/http/envelope';
import { actorOf, audit } from '../admin/audit';
import { adminRoute } from '../admin/guard';
import { listAgreements, listConsents, listVersions, publishVersion } from './agreement-admin';
import { AGREEMENT_SETTINGS } from './agreements-service';

/** The console's agreements: the texts in force, their versions, publishing one, consent records. */
export default async function agreementAdminRoutes(app: FastifyInstance) {
  const { db, settings, now } = app.services;

  adminRoute(app, adminAgreementsApi.list, async () =>
    ok(await listAgreements(db, await settings.snapshot())),
  );

  adminRoute(app, adminAgreementsApi.versions, async (request) =>
    ok(await listVersions(db, request.params.type)),
  );

  adminRoute(app, adminAgreementsApi.publish, async (request) => {
    const { type } = request.params;
    const snapshot = await settings.snapshot();
    const actor = actorOf(request);
    const published = await db.transaction().execute(async (trx) => {
      const row = await publishVersion(trx, snapshot, type, request.body, actor, now());
      await audit(trx, request, {
        action: 'agreement.publish',
        targetType: 'agreement',
        targetId: type,
        after: {
          number: row.number,
          version: row.version,
          requires_consent: request.body.requires_consent,
          note: request.body.note ?? '',
        },
      });
      return row;
    });
    // The setting is the text every page and client shows (and the version members accept); it is
    // written once the version is recorded (the settings service has its own connection).
    await settings.set(AGREEMENT_SETTINGS[type], published.content);
    return ok({ id: published.id, number: published.number });
  });

  adminRoute(app, adminAgreementsApi.consents, async (request) => ok(await listConsents(db, request.query)));
}
