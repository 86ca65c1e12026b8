import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import writeXlsxFile from 'write-excel-file/node';
import {
  adminMemberImportsApi,
  MEMBER_IMPORT_FIELD,
  MEMBER_IMPORT_MAX_BYTES,
} from '@kezhan/contract/admin/member-imports';
import { ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { actorOf, audit } from '../admin/audit';
import { adminMay, adminRoute } from '../admin/guard';
import { IMPORT_FILE_MESSAGES, importFileKind, readImportFile } from './import-file';
import { IMPORT_TEMPLATE_HEADER } from './import-rows';
import { importGrantDenied } from './member-create';
import { commitImport, importDetail, previewImport, rowsGivingGoods } from './member-import';

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The one uploaded file, in memory (at most 5 MB), with its name; refused in Chinese otherwise. */
async function receiveImportFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MEMBER_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw new BusinessError(IMPORT_FILE_MESSAGES.tooLarge);
  }
  if (!request.isMultipart()) throw new BusinessError(IMPORT_FILE_MESSAGES.missing);
  let received: { name: string; bytes: Buffer } | undefined;
  const parts = request.parts({
    limits: { fileSize: MEMBER_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 4, fieldSize: 1024 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== MEMBER_IMPORT_FIELD || received) {
        part.file.resume();
        continue;
      }
      importFileKind(part.filename);
      const bytes = await part.toBuffer();
      received = { name: part.filename, bytes };
    }
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new BusinessError(IMPORT_FILE_MESSAGES.tooLarge);
    }
    throw error;
  }
  if (!received) throw new BusinessError(IMPORT_FILE_MESSAGES.missing);
  return received;
}

/** Importing members from a spreadsheet: the template, the preview, the commit and its progress. */
export default async function adminMemberImportRoutes(app: FastifyInstance) {
  const { db, now } = app.services;
  await app.register(multipart, {
    limits: { fileSize: MEMBER_IMPORT_MAX_BYTES, files: 1 },
    throwFileSizeLimit: true,
  });

  adminRoute(app, adminMemberImportsApi.template, async (_request, reply) => {
    const example = ['13800000000', '张三', '', '', '', ''];
    const file = await writeXlsxFile([IMPORT_TEMPLATE_HEADER, example], {
      columns: IMPORT_TEMPLATE_HEADER.map(() => ({ width: 16 })),
    }).toBuffer();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="member-import-template.xlsx"`)
      .header('cache-control', 'no-store')
      .send(file);
  });

  adminRoute(app, adminMemberImportsApi.upload, async (request) => {
    const file = await receiveImportFile(request);
    const sheet = await readImportFile(file.name, file.bytes);
    const id = await previewImport(db, file.name, sheet, actorOf(request), now());
    return ok(await importDetail(db, id));
  });

  adminRoute(app, adminMemberImportsApi.detail, async (request) =>
    ok(await importDetail(db, request.params.id)),
  );

  adminRoute(app, adminMemberImportsApi.commit, async (request) => {
    const { id } = request.params;
    if (!adminMay(request, 'member.grant')) {
      const giving = await rowsGivingGoods(db, id);
      if (giving > 0) throw new BusinessError(importGrantDenied(giving), 403);
    }
    await db.transaction().execute(async (trx) => {
      const committed = await commitImport(trx, id, now());
      await audit(trx, request, {
        action: 'member.import',
        targetType: 'member_import',
        targetId: id,
        after: committed,
      });
    });
    return ok(await importDetail(db, id));
  });
}
