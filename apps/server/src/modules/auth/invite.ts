// Issue 12 "Employees: invite by e-mail": an administrator enters a name and an e-mail, never a password; the person
// sets their own through a mailed single-use link (the password-reset machinery with a longer life).
import { INVITE_TOKEN_TTL_MS, type InviteEmployeeBody } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { inviteMail } from '../../platform/mail/templates.js';
import { clients } from '../clients/tables.js';
import { createEmployee, getUserRow, markInvited } from '../users/index.js';
import type { UserRow } from '../users/tables.js';
import { openPasswordLink } from './service.js';

/**
 * Creates the employee without a password, marked invited, and mails them the link once the request commits (a
 * rolled-back invitation sends nothing). A taken e-mail: 409 `email_taken`, as for `POST api/register`.
 */
export async function invite(platform: Platform, ctx: RequestContext, body: InviteEmployeeBody): Promise<UserRow> {
  const [client] = await ctx.db.select().from(clients).where(eq(clients.id, ctx.tenant()));
  const created = await createEmployee(ctx.db, client, { ...body, passwordHash: null });
  const row = (await markInvited(ctx.db, created.id))!;
  await mailInvitation(platform, ctx, row, client.name);
  return row;
}

/**
 * Sends someone still invited a fresh link; their earlier links stop working. Anyone who already has a password
 * (or was deleted) is not waiting for one: 400 `not_invited`.
 */
export async function resendInvitation(platform: Platform, ctx: RequestContext, id: string): Promise<UserRow> {
  await getUserRow(ctx, id);
  const row = await markInvited(ctx.db, id, true);
  if (!row) throw new AppError(400, 'not_invited');
  const [client] = await ctx.db.select({ name: clients.name }).from(clients).where(eq(clients.id, ctx.tenant()));
  await mailInvitation(platform, ctx, row, client.name);
  return row;
}

async function mailInvitation(platform: Platform, ctx: RequestContext, row: UserRow, workspaceName: string) {
  const token = await openPasswordLink(ctx.db, row, INVITE_TOKEN_TTL_MS);
  const me = ctx.me();
  const mail = inviteMail(
    row.lang ?? platform.config.defaultLang,
    {
      name: row.firstName || row.login,
      inviter: `${me.firstName} ${me.lastName}`.trim() || me.login,
      workspace: workspaceName,
      login: row.login,
    },
    `${platform.config.publicUrl}/reset-password/${token}?invite=1`,
  );
  const to = row.email;
  if (!to) return;
  ctx.afterCommit(() => platform.mail.send({ clientId: row.clientId, to, ...mail }));
}
