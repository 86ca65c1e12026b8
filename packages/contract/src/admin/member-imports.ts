import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParams } from '../shapes';

/**
 * Importing members from a spreadsheet (.xlsx or .csv): the upload is checked row by row and
 * answered as a preview; nothing is written until the operator commits, then the member-imports
 * job creates the accepted rows in batches.
 */

const memberEndpoint = { tag: 'admin', auth: 'admin' } as const;

export const MEMBER_IMPORT_MAX_ROWS = 10_000;
export const MEMBER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const MEMBER_IMPORT_FIELD = 'file';

export const MEMBER_IMPORT_STATES = ['previewed', 'queued', 'running', 'done'] as const;

export const adminMemberImportProblem = z.strictObject({
  /** The row's number in the file (the header is row 1). */
  row: z.number(),
  mobile: z.string(),
  message: z.string(),
});

export const adminMemberImport = z.strictObject({
  id: z.number(),
  file_name: z.string(),
  state: z.enum(MEMBER_IMPORT_STATES),
  /** Data rows in the file. */
  total: z.number(),
  /** Rows the preview accepted; only these are imported. */
  valid: z.number(),
  invalid: z.number(),
  imported: z.number(),
  /** Accepted rows found taken when the job reached them (another member got the mobile or nickname since). */
  skipped: z.number(),
  administrator_name: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The refused rows (preview) and skipped rows (job), in file order, at most 1,000. */
  problems: z.array(adminMemberImportProblem),
});
export type AdminMemberImport = z.infer<typeof adminMemberImport>;

export const adminMemberImportsApi = {
  template: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/member-imports/template',
    permission: 'member.edit',
    summary: 'The import template (.xlsx) with its column headers and an example row',
    answers: 'application/octet-stream',
    note: 'An .xlsx file (`Content-Disposition: attachment`)',
  }),
  upload: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/member-imports',
    permission: 'member.edit',
    summary:
      'Upload an .xlsx or .csv of members: every row is checked and the preview answered; nothing is written',
    upload: {
      field: MEMBER_IMPORT_FIELD,
      description: `.xlsx or .csv (UTF-8 or GBK), at most 5 MB and ${MEMBER_IMPORT_MAX_ROWS} rows`,
    },
    data: adminMemberImport,
  }),
  detail: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/member-imports/:id',
    permission: 'member.edit',
    summary: "An import's preview and, once committed, its progress",
    params: idParams,
    data: adminMemberImport,
  }),
  commit: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/member-imports/:id/commit',
    permission: 'member.edit',
    summary:
      'Import the accepted rows: the member-imports job creates them in batches, resuming where it stopped',
    params: idParams,
    data: adminMemberImport,
  }),
};
