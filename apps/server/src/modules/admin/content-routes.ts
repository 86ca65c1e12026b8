import type { FastifyInstance } from 'fastify';
import { adminContentApi, adminCoursesApi } from '@kezhan/contract/admin/courses';
import { adminSiteApi } from '@kezhan/contract/admin/site';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { audit } from './audit';
import {
  categorySnapshot,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from './category-admin';
import {
  courseSnapshot,
  createCourse,
  findCourse,
  listCourses,
  setCourseShelf,
  softDeleteCourse,
  updateCourse,
} from './course-admin';
import { exportFromConsole, importFromConsole } from './content-transfer';
import { adminRoute } from './guard';
import { readSettings, saveSettings } from './site-settings';
import {
  createVipPlan,
  listVipPlans,
  readHomeBlocks,
  replaceHomeBlocks,
  updateVipPlan,
  vipPlanSnapshot,
} from './site-content';

/** Courses, categories and site settings of the console; every change is audited in its transaction. */
export default async function adminContentRoutes(app: FastifyInstance) {
  const { db, now, settings, env } = app.services;

  adminRoute(app, adminCoursesApi.list, async (request) => ok(await listCourses(db, request.query)));

  adminRoute(app, adminCoursesApi.detail, async (request) => ok(await findCourse(db, request.params.id)));

  adminRoute(app, adminCoursesApi.create, async (request) => {
    const id = await db.transaction().execute(async (trx) => {
      const created = await createCourse(trx, request.body, now());
      const after = await courseSnapshot(trx, created);
      await audit(trx, request, { action: 'course.create', targetType: 'course', targetId: created, after });
      return created;
    });
    return ok({ id });
  });

  adminRoute(app, adminCoursesApi.update, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await courseSnapshot(trx, id);
      await updateCourse(trx, id, request.body, now());
      const after = await courseSnapshot(trx, id);
      await audit(trx, request, {
        action: 'course.update',
        targetType: 'course',
        targetId: id,
        before,
        after,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminCoursesApi.shelf, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await courseSnapshot(trx, id);
      await setCourseShelf(trx, id, request.body.is_show, now());
      const after = await courseSnapshot(trx, id);
      const action = request.body.is_show ? 'course.publish' : 'course.unpublish';
      await audit(trx, request, {
        action,
        targetType: 'course',
        targetId: id,
        before: { is_show: before.is_show, published_at: before.published_at },
        after: { is_show: after.is_show, published_at: after.published_at },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminCoursesApi.remove, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await courseSnapshot(trx, id);
      await softDeleteCourse(trx, id, now());
      await audit(trx, request, { action: 'course.delete', targetType: 'course', targetId: id, before });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminCoursesApi.categories, async () => ok(await listCategories(db)));

  adminRoute(app, adminCoursesApi.createCategory, async (request) => {
    const id = await db.transaction().execute(async (trx) => {
      const created = await createCategory(trx, request.body, now());
      const after = await categorySnapshot(trx, created);
      await audit(trx, request, {
        action: 'category.create',
        targetType: 'category',
        targetId: created,
        after,
      });
      return created;
    });
    return ok({ id });
  });

  adminRoute(app, adminCoursesApi.updateCategory, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await categorySnapshot(trx, id);
      await updateCategory(trx, id, request.body, now());
      const after = await categorySnapshot(trx, id);
      await audit(trx, request, {
        action: 'category.update',
        targetType: 'category',
        targetId: id,
        before,
        after,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminCoursesApi.removeCategory, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await categorySnapshot(trx, id);
      await deleteCategory(trx, id);
      await audit(trx, request, { action: 'category.delete', targetType: 'category', targetId: id, before });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminSiteApi.settings, async () => ok(await readSettings(settings, env)));

  adminRoute(app, adminSiteApi.saveSettings, async (request) => {
    const { before, after } = await saveSettings(settings, request.body.values);
    if (Object.keys(after).length > 0) {
      await audit(db, request, { action: 'settings.update', targetType: 'settings', before, after });
    }
    return ok(NO_DATA);
  });

  adminRoute(app, adminSiteApi.vipPlans, async () => ok(await listVipPlans(db)));

  adminRoute(app, adminSiteApi.createVipPlan, async (request) => {
    const id = await db.transaction().execute(async (trx) => {
      const created = await createVipPlan(trx, request.body, now());
      const after = await vipPlanSnapshot(trx, created);
      await audit(trx, request, {
        action: 'vip_plan.create',
        targetType: 'vip_plan',
        targetId: created,
        after,
      });
      return created;
    });
    return ok({ id });
  });

  adminRoute(app, adminSiteApi.updateVipPlan, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await vipPlanSnapshot(trx, id);
      await updateVipPlan(trx, id, request.body, now());
      const after = await vipPlanSnapshot(trx, id);
      await audit(trx, request, {
        action: 'vip_plan.update',
        targetType: 'vip_plan',
        targetId: id,
        before,
        after,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminSiteApi.homeBlocks, async () => ok(await readHomeBlocks(db)));

  adminRoute(app, adminSiteApi.saveHomeBlocks, async (request) => {
    await db.transaction().execute(async (trx) => {
      const before = await readHomeBlocks(trx);
      await replaceHomeBlocks(trx, request.body.blocks, now());
      const after = await readHomeBlocks(trx);
      await audit(trx, request, { action: 'home.update', targetType: 'home_page', before, after });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminContentApi.exportContent, async () => ok(await exportFromConsole(app.services)));

  adminRoute(
    app,
    adminContentApi.importContent,
    async (request) => {
      const summary = await importFromConsole(app.services, request.body.content);
      await audit(db, request, { action: 'content.import', targetType: 'content', after: summary });
      return ok(summary);
    },
    { bodyLimit: 10 * 1024 * 1024 },
  );
}
