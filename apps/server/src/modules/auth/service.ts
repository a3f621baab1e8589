import { createHash, randomBytes } from 'node:crypto';
import { RESET_TOKEN_TTL_MS } from '@hallway/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { Tx } from '../../platform/db/client.js';
import { inSystem } from '../../platform/db/tenant.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { mailPasswordChanged } from '../../platform/mail/notices.js';
import { passwordResetMail } from '../../platform/mail/templates.js';
import { clients } from '../clients/tables.js';
import { getUserRow, presentUser, saveUser } from '../users/index.js';
import { passwordResets, signInNames, type UserRow, users } from '../users/tables.js';

/**
 * Finds the person signing in by login or e-mail (spec portal §7 Authentication) — one case-folded namespace for
 * the whole installation, so the name picks one person or nobody — optionally within one workspace, and checks
 * they may enter: 'User was deleted', 'The company is blocked'.
 *
 * An unknown name, a wrong password and another workspace's person get the same answer ('Password is incorrect')
 * after the same work: the password is checked against the person's hash or the dummy one, and the attempt counts
 * against the throttle of the person, or of the name when nobody has it (docs/security.md).
 */
export async function signIn(
  platform: Platform,
  throttle: Throttle,
  input: { login: string; password: string; workspace?: string },
) {
  const name = input.login.trim().toLowerCase();
  const found = await inSystem(platform.database, async (tx) => {
    const [row] = await tx
      .select({ user: users, clientStatus: clients.status, workspace: clients.workspace })
      .from(signInNames)
      .innerJoin(users, eq(users.id, signInNames.userId))
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(signInNames.name, name));
    return row;
  });
  await throttle.take('account', found ? `user:${found.user.id}` : `name:${name}`);
  const passwordMatches = await verifyPassword(found?.user.passwordHash ?? null, input.password);
  const superadmin = !!found?.user.roles.includes('superadmin');
  const workspaceMatches =
    !input.workspace || superadmin || found?.workspace?.toLowerCase() === input.workspace.trim().toLowerCase();
  if (!found || !passwordMatches || !workspaceMatches) {
    throw new AppError(400, 'password_incorrect', {}, { fields: { password: 'password_incorrect' } });
  }
  const { user } = found;
  // A newcomer of open registration waits for an administrator before anything else (users/register.ts).
  if (user.awaitingApproval) throw new AppError(403, 'registration_pending');
  if (user.deletionMark) throw new AppError(403, 'user_deleted');
  if (found.clientStatus === 'blocked' && !superadmin) throw new AppError(403, 'company_blocked');
  await recordSignIn(platform, user.id);
  return { token: issueToken(platform, user), user };
}

/** Notes a successful sign-in (the employees list's "last sign-in"); the row's `updated` stays as it was. */
export async function recordSignIn(platform: Platform, userId: string): Promise<void> {
  await inSystem(platform.database, (tx) =>
    tx
      .update(users)
      .set({ lastSignInAt: new Date(), updated: sql`${users.updated}` })
      .where(eq(users.id, userId)),
  );
}

export const issueToken = (platform: Platform, user: UserRow) =>
  platform.tokens.sign({ id: user.id, clientId: user.clientId, tokenVersion: user.tokenVersion });

/** Present a person to themselves right after sign-in (no request context yet). */
export const presentSelf = (user: UserRow) => presentUser(user, { showHr: true });

/** Logout ends every session of the person: tokens issued before now stop working. */
export async function logout(ctx: RequestContext): Promise<void> {
  const me = ctx.me();
  await ctx.db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, me.id));
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a single-use link for the person to set a password (a reset or an invitation) and answers its token; the
 * person's earlier open links are spent, so only the newest is ever live. Only the token's hash is kept.
 */
export async function openPasswordLink(tx: Tx, user: Pick<UserRow, 'id' | 'clientId'>, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
  await tx.insert(passwordResets).values({
    clientId: user.clientId,
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * Mails a single-use link valid for an hour; the person's earlier links stop working, so only the newest is ever
 * live. Answers the same whether the address is known or not, so nobody learns who works where.
 */
export async function forgotPassword(platform: Platform, email: string): Promise<void> {
  const target = await inSystem(platform.database, async (tx) => {
    const [row] = await tx
      .select({ user: users, clientStatus: clients.status })
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.deletionMark, false)));
    if (!row || row.clientStatus === 'blocked') return null;
    return { user: row.user, token: await openPasswordLink(tx, row.user, RESET_TOKEN_TTL_MS) };
  });
  const to = target?.user.email;
  if (!target || !to) return;
  const { user, token } = target;
  const lang = user.lang ?? platform.config.defaultLang;
  const mail = passwordResetMail(
    lang,
    user.firstName || user.login,
    `${platform.config.publicUrl}/reset-password/${token}`,
  );
  await platform.mail.send({ clientId: user.clientId, to, ...mail });
}

/**
 * Sets a new password from a reset link; the link is spent and every earlier session ends. Any other open link
 * of the person is spent too, as on every password change (the trigger `users_password_changed`).
 */
/** Whether a reset link still works (unused, not expired), without spending it: the page checks on opening. */
export async function checkResetToken(platform: Platform, token: string): Promise<void> {
  const [open] = await inSystem(platform.database, (tx) =>
    tx
      .select({ id: passwordResets.userId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      ),
  );
  if (!open) throw new AppError(400, 'reset_link_invalid');
}

export async function resetPassword(platform: Platform, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const { userId, notice } = await inSystem(platform.database, async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!reset) throw new AppError(400, 'reset_link_invalid');
    const [before] = await tx.select({ had: users.passwordHash }).from(users).where(eq(users.id, reset.userId));
    const [person] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, reset.userId))
      .returning();
    // An invited person setting their first password changed nothing: no notice for them.
    return { userId: reset.userId, notice: before?.had ? person : null };
  });
  // After the commit, like every revocation: the person's open sockets close in every process.
  platform.realtime.revokeUser(userId);
  if (notice) await mailPasswordChanged(platform, notice);
}

/**
 * An administrator sets someone else's password (`POST /api/reset_password_hard`). Their own goes through the
 * profile, which asks for the old one (spec portal §5 "Employees": the old password is required for a change), so
 * a stolen session cannot lock its owner out.
 */
export async function resetPasswordHard(
  platform: Platform,
  ctx: RequestContext,
  userId: string,
  password: string,
): Promise<UserRow> {
  if (userId === ctx.me().id) {
    throw new AppError(400, 'old_password_required', {}, { fields: { oldPassword: 'old_password_required' } });
  }
  const row = await getUserRow(ctx, userId);
  if (row.roles.includes('admin') && !ctx.isSuperadmin) throw new AppError(403, 'no_access');
  const saved = await saveUser(ctx.db, row.id, {
    passwordHash: await hashPassword(password),
    tokenVersion: row.tokenVersion + 1,
  });
  ctx.afterCommit(() => mailPasswordChanged(platform, saved));
  return saved;
}
