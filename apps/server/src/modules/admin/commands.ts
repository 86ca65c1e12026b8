import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE_PRESET_KEYS, ADMIN_ROLE_PRESETS } from '@kezhan/contract/admin/permissions';
import { CommandError, type CliCommand } from '../../kernel/command';
import { createAdministrator } from './administrators';
import { findRole } from './roles';
import { writeAudit } from './audit';
import { resealTotpSecrets } from './totp';

const roleList = ADMIN_ROLE_PRESET_KEYS.map((role) => `${role} (${ADMIN_ROLE_PRESETS[role].name})`).join(
  ', ',
);

export const adminCommands: CliCommand[] = [
  {
    name: 'admin:create',
    usage: 'admin:create <username> [role]',
    summary: `Create an operator-console administrator with a generated password; role: the key of a role (presets: ${roleList}); default super`,
    async run(services, [username, role = 'super'], out) {
      if (!username) throw new CommandError('Usage: admin:create <username> [role]');
      const found = await findRole(services.db, role);
      if (!found) throw new CommandError(`Unknown role ${role}; the presets are: ${roleList}`);
      const password = randomBytes(12).toString('base64url');
      const now = services.now();
      try {
        const id = await services.db.transaction().execute(async (trx) => {
          const created = await createAdministrator(trx, { username, password, role }, now);
          await writeAudit(
            trx,
            { id: null, name: 'cli', ip: '' },
            {
              action: 'administrator.create',
              targetType: 'administrator',
              targetId: created,
              after: { username, role },
            },
            now,
          );
          return created;
        });
        out.line(`administrator #${id} ${username} (${found.name}) created`);
        out.line(`password: ${password}`);
        out.line('Sign in at /admin; keep the password somewhere safe, it is not shown again.');
      } catch (error) {
        throw new CommandError((error as Error).message);
      }
    },
  },
  {
    name: 'admin:reset-2fa',
    usage: 'admin:reset-2fa <username>',
    summary: 'Turn off the two-step verification of an administrator who lost their authenticator',
    async run(services, [username], out) {
      if (!username) throw new CommandError('Usage: admin:reset-2fa <username>');
      const now = services.now();
      await services.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('administrators')
          .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now })
          .where('username', '=', username)
          .where('totp_enabled_at', 'is not', null)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new CommandError(`No administrator ${username} with two-step verification on`);
        await writeAudit(
          trx,
          { id: null, name: 'cli', ip: '' },
          {
            action: 'administrator.totp_reset',
            targetType: 'administrator',
            targetId: row.id,
            before: { username, totp_enabled: true },
            after: { username, totp_enabled: false },
          },
          now,
        );
      });
      out.line(`two-step verification of ${username} turned off; they sign in with the password alone`);
    },
  },
  {
    name: 'admin:reseal-2fa',
    usage: 'admin:reseal-2fa',
    summary:
      'Seal every administrator TOTP secret under the current MEDIA_KEY_SECRET (after a rotation, or for secrets stored before sealing)',
    async run(services, _args, out) {
      const changed = await resealTotpSecrets(services.db, services.totpVault);
      out.line(`${changed} two-step secret(s) sealed under the current MEDIA_KEY_SECRET`);
    },
  },
];
