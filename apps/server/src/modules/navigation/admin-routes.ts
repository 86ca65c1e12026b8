import type { FastifyInstance } from 'fastify';
import {
  adminNavigationApi as api,
  SLIDER_IMAGE_FIELD,
  SLIDER_IMAGE_MAX_BYTES,
  SLIDER_IMAGE_MESSAGES,
} from '@kezhan/contract/admin/site-navigation';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { audit } from '../admin/audit';
import { adminRoute } from '../admin/guard';
import { acceptImageUploads, readImageUpload, storeUploadedImage } from '../admin/image-upload';
import {
  adminLinks,
  adminNavs,
  adminSliders,
  createLink,
  createNav,
  createSlider,
  deleteNav,
  findLink,
  findNav,
  findSlider,
  reorderLinks,
  reorderNavs,
  reorderSliders,
  updateNav,
  updateSlider,
} from './navigation-admin';

/**
 * The console's screens for the PC site's navigation, friend links and sliders. Every change runs
 * in one transaction with its audit row; `adminRoute` forgets the site content cache after each,
 * so `/api/v2/navs`, `/links` and `/sliders` answer the change at once.
 */
export default async function navigationAdminRoutes(app: FastifyInstance) {
  const services = app.services;
  const { db, now } = services;
  await acceptImageUploads(app, SLIDER_IMAGE_MAX_BYTES);

  adminRoute(app, api.navs, async (request) => ok(await adminNavs(db, request.query.platform)));

  adminRoute(app, api.createNav, async (request) => {
    const row = await db.transaction().execute(async (trx) => {
      const created = await createNav(trx, request.body, now());
      await audit(trx, request, {
        action: 'nav.create',
        targetType: 'nav',
        targetId: created.id,
        after: request.body,
      });
      return created;
    });
    return ok({ id: row.id });
  });

  adminRoute(app, api.updateNav, async (request) => {
    await db.transaction().execute(async (trx) => {
      const before = await findNav(trx, request.params.id);
      await updateNav(trx, before, request.body, now());
      await audit(trx, request, {
        action: 'nav.update',
        targetType: 'nav',
        targetId: before.id,
        before,
        after: request.body,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.deleteNav, async (request) => {
    await db.transaction().execute(async (trx) => {
      await findNav(trx, request.params.id);
      const removed = await deleteNav(trx, request.params.id);
      await audit(trx, request, {
        action: 'nav.delete',
        targetType: 'nav',
        targetId: request.params.id,
        before: removed,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.orderNavs, async (request) => {
    const { platform, parent_id: parentId, ids } = request.body;
    await db.transaction().execute(async (trx) => {
      const before = await reorderNavs(trx, platform, parentId, ids, now());
      await audit(trx, request, {
        action: 'nav.reorder',
        targetType: 'nav',
        targetId: parentId,
        before: { platform, parent_id: parentId, ids: before },
        after: { platform, parent_id: parentId, ids },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.links, async () => ok(await adminLinks(db)));

  adminRoute(app, api.createLink, async (request) => {
    const row = await db.transaction().execute(async (trx) => {
      const created = await createLink(trx, request.body, now());
      await audit(trx, request, {
        action: 'link.create',
        targetType: 'link',
        targetId: created.id,
        after: request.body,
      });
      return created;
    });
    return ok({ id: row.id });
  });

  adminRoute(app, api.updateLink, async (request) => {
    await db.transaction().execute(async (trx) => {
      const before = await findLink(trx, request.params.id);
      await trx
        .updateTable('links')
        .set({ ...request.body, updated_at: now() })
        .where('id', '=', before.id)
        .execute();
      await audit(trx, request, {
        action: 'link.update',
        targetType: 'link',
        targetId: before.id,
        before,
        after: request.body,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.deleteLink, async (request) => {
    await db.transaction().execute(async (trx) => {
      const before = await findLink(trx, request.params.id);
      await trx.deleteFrom('links').where('id', '=', before.id).execute();
      await audit(trx, request, { action: 'link.delete', targetType: 'link', targetId: before.id, before });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.orderLinks, async (request) => {
    const { ids } = request.body;
    await db.transaction().execute(async (trx) => {
      const before = await reorderLinks(trx, ids, now());
      await audit(trx, request, {
        action: 'link.reorder',
        targetType: 'link',
        before: { ids: before },
        after: { ids },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.sliders, async (request) => ok(await adminSliders(db, request.query.platform)));

  adminRoute(app, api.createSlider, async (request) => {
    const row = await db.transaction().execute(async (trx) => {
      const created = await createSlider(trx, request.body, now());
      await audit(trx, request, {
        action: 'slider.create',
        targetType: 'slider',
        targetId: created.id,
        after: request.body,
      });
      return created;
    });
    return ok({ id: row.id });
  });

  adminRoute(app, api.updateSlider, async (request) => {
    await db.transaction().execute(async (trx) => {
      const before = await findSlider(trx, request.params.id);
      await updateSlider(trx, before, request.body, now());
      await audit(trx, request, {
        action: 'slider.update',
        targetType: 'slider',
        targetId: before.id,
        before,
        after: request.body,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.deleteSlider, async (request) => {
    await db.transaction().execute(async (trx) => {
      const before = await findSlider(trx, request.params.id);
      await trx.deleteFrom('sliders').where('id', '=', before.id).execute();
      await audit(trx, request, {
        action: 'slider.delete',
        targetType: 'slider',
        targetId: before.id,
        before,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.orderSliders, async (request) => {
    const { platform, ids } = request.body;
    await db.transaction().execute(async (trx) => {
      const before = await reorderSliders(trx, platform, ids, now());
      await audit(trx, request, {
        action: 'slider.reorder',
        targetType: 'slider',
        before: { platform, ids: before },
        after: { platform, ids },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, api.sliderImage, async (request) => {
    const content = await readImageUpload(request, {
      field: SLIDER_IMAGE_FIELD,
      maxBytes: SLIDER_IMAGE_MAX_BYTES,
      messages: SLIDER_IMAGE_MESSAGES,
    });
    const { url, width, height, size } = await storeUploadedImage(services, content, {
      kind: 'banner',
      folder: 'images/slider',
      messages: SLIDER_IMAGE_MESSAGES,
    });
    await audit(db, request, {
      action: 'slider.image',
      targetType: 'image',
      after: { url, width, height, size },
    });
    return ok({ url, width, height });
  });
}
