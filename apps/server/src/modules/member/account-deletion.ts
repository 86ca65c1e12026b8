import { ACCOUNT_DELETION_GRACE_DAYS } from '@kezhan/contract/member';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { rawDateTime } from '../../shared/time';
import type { FileStorage } from '../../providers/storage/file-storage';
import { imageKeys } from '../media/images';
import { notifyMember } from '../messages/notify';
import { rejectingDuplicate } from './profile-service';

export const DELETION_ALREADY_REQUESTED = '用户已申请注销';
const GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 24 * 3600 * 1000;

export const deletionCancelledMessage = (submittedAt: Date) =>
  `系统已为您自动取消于 ${rawDateTime(submittedAt)} 申请的用户注销申请`;

/** The account goes after the grace period unless the member logs in. */
export async function requestAccountDeletion(db: Db, userId: number, now: Date): Promise<void> {
  const pending = await db
    .selectFrom('user_delete_jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) throw new BusinessError(DELETION_ALREADY_REQUESTED);
  await rejectingDuplicate(DELETION_ALREADY_REQUESTED, () =>
    db
      .insertInto('user_delete_jobs')
      .values({ user_id: userId, submit_at: now, expired_at: new Date(now.getTime() + GRACE_MS) })
      .execute(),
  );
}

/** Login hook: any successful login withdraws a pending deletion and tells the member so. */
export async function cancelPendingDeletion(trx: Db, userId: number, now: Date): Promise<boolean> {
  const cancelled = await trx
    .updateTable('user_delete_jobs')
    .set({ status: 'cancelled', handled_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .returning(['submit_at'])
    .execute();
  for (const job of cancelled) await notifyMember(trx, userId, deletionCancelledMessage(job.submit_at));
  return cancelled.length > 0;
}

export type UploadedFile = { provider: string; storage_key: string };

/**
 * Deletes a member's row and with it (foreign keys `on delete cascade`) everything that member
 * owns; the mobile and nickname become free. Answers the member's uploaded files, to be removed
 * from storage once the transaction has committed (`removeUploadedFiles`). The deletion job and
 * the console's 删除学员 both delete through here.
 */
export async function deleteMemberAccount(trx: Db, userId: number): Promise<UploadedFile[]> {
  const files = await trx
    .selectFrom('user_upload_images')
    .select(['provider', 'storage_key'])
    .where('user_id', '=', userId)
    .execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return files;
}

/** Removes a deleted member's uploaded files (every sized copy) from the storage that holds them. */
export async function removeUploadedFiles(storage: FileStorage, files: UploadedFile[]): Promise<void> {
  for (const file of files.filter((f) => f.provider === storage.name)) {
    for (const key of imageKeys(file.storage_key)) await storage.delete(key).catch(() => undefined);
  }
}

export interface DeletionRunResult {
  deleted: number[];
  failed: { userId: number; error: string }[];
}

/**
 * The scheduled job of account deletion: every request whose grace period has ended deletes its
 * member (`deleteMemberAccount`). Several nodes may run it at once: each request is claimed
 * with `for update skip locked`. Pass `storage` to remove the member's uploaded files as well.
 */
export async function executeDueDeletions(
  db: Db,
  now: Date,
  options: { storage?: FileStorage; limit?: number } = {},
): Promise<DeletionRunResult> {
  const due = await db
    .selectFrom('user_delete_jobs')
    .select(['id', 'user_id'])
    .where('status', '=', 'pending')
    .where('expired_at', '<=', now)
    .orderBy('id')
    .limit(options.limit ?? 500)
    .execute();
  const result: DeletionRunResult = { deleted: [], failed: [] };
  for (const job of due) {
    try {
      const fileKeys = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .selectFrom('user_delete_jobs')
          .select('id')
          .where('id', '=', job.id)
          .where('status', '=', 'pending')
          .where('expired_at', '<=', now)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!claimed) return null;
        const files = await deleteMemberAccount(trx, job.user_id);
        await trx
          .updateTable('user_delete_jobs')
          .set({ status: 'done', handled_at: now })
          .where('id', '=', job.id)
          .execute();
        return files;
      });
      if (fileKeys === null) continue;
      result.deleted.push(job.user_id);
      if (options.storage) await removeUploadedFiles(options.storage, fileKeys);
    } catch (error) {
      result.failed.push({ userId: job.user_id, error: (error as Error).message });
    }
  }
  return result;
}
