import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { RESET_TOKEN_TTL_MS } from '@hallway/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { authorize } from '../../platform/access/tenancy.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { Tx } from '../../platform/db/client.js';
import { diskFull } from '../../platform/db/errors.js';
import { inSystem } from '../../platform/db/tenant.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { mailPasswordChanged } from '../../platform/mail/notices.js';
import { passwordResetMail } from '../../platform/mail/templates.js';
import { clients } from '../clients/tables.js';
import {
  endSessions,
  getUserRow,
  mayManage,
  presentUser,
  recordSignIn,
  saveUser,
  setPassword,
} from '../users/index.js';
import { signInNames, type UserRow, users } from '../users/tables.js';
import { signInPolicy } from './policy.js';
import { passwordResets } from './tables.js';

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
  const can = signInPolicy(found?.user);
  const workspaceMatches =
    !input.workspace || can.anyWorkspace || found?.workspace?.toLowerCase() === input.workspace.trim().toLowerCase();
  if (!found || !passwordMatches || !workspaceMatches) {
    throw new AppError(400, 'password_incorrect', {}, { fields: { password: 'password_incorrect' } });
  }
  const { user } = found;
  // A newcomer of open registration waits for an administrator before anything else (users/register.ts).
  if (user.awaitingApproval) throw new AppError(403, 'registration_pending');
  if (user.deletionMark) throw new AppError(403, 'user_deleted');
  if (found.clientStatus === 'blocked' && !can.whileBlocked) throw new AppError(403, 'company_blocked');
  await noteSignIn(platform, user.id);
  return { token: issueToken(platform, user), user };
}

/**
 * Notes a successful sign-in (the employees list's "last sign-in"); the row's `updated` stays as it was. On a full
 * disk the note is left out rather than the sign-in refused: signing in is how people get to read.
 */
export async function noteSignIn(platform: Platform, userId: string): Promise<void> {
  await inSystem(platform.database, (tx) => recordSignIn(tx, userId)).catch((err: unknown) => {
    if (!diskFull(err)) throw err;
  });
}

export const issueToken = (platform: Platform, user: UserRow) =>
  platform.tokens.sign({ id: user.id, clientId: user.clientId, tokenVersion: user.tokenVersion });

/** Present a person to themselves right after sign-in (no request context yet). */
export const presentSelf = (user: UserRow) => presentUser(user, { showHr: true });

/** Logout ends every session of the person: tokens issued before now stop working. */
export async function logout(ctx: RequestContext): Promise<void> {
  await endSessions(ctx.db, ctx.me().id);
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

/** `handled` (the name) once a requested reset link was made and mailed, or nobody has the name: what tests await. */
export const passwordLinkEvents = new EventEmitter();
const pendingLinks = new Set<Promise<void>>();

/**
 * `POST api/forgot_password`: the request is answered first, by the same code whether the name is known or not,
 * and the lookup, the link and the mail come after the answer (forgotPassword): neither the answer nor its time says
 * who works here. A link not mailed because the process stopped is asked for again.
 */
export function requestPasswordLink(platform: Platform, name: string, log: FastifyBaseLogger): void {
  const work: Promise<void> = new Promise((started) => setImmediate(started))
    .then(() => forgotPassword(platform, name))
    .catch((err) => log.error({ err }, 'password reset link failed'))
    .finally(() => {
      pendingLinks.delete(work);
      passwordLinkEvents.emit('handled', name);
    });
  pendingLinks.add(work);
}

/** Resolves once every reset link asked for so far was handled (the app waits for them when it closes). */
export async function passwordLinksSettled(): Promise<void> {
  while (pendingLinks.size) await Promise.all(pendingLinks);
}

/**
 * Mails a single-use link valid for an hour to the person whose login or e-mail `name` is (the names sign-in takes);
 * the person's earlier links stop working, so only the newest is ever live. Nothing happens for a name nobody has,
 * or a person without an e-mail (the caller has long been answered either way).
 */
export async function forgotPassword(platform: Platform, name: string): Promise<void> {
  const target = await inSystem(platform.database, async (tx) => {
    const [row] = await tx
      .select({ user: users, clientStatus: clients.status })
      .from(signInNames)
      .innerJoin(users, eq(users.id, signInNames.userId))
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(and(eq(signInNames.name, name), eq(users.deletionMark, false)));
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

export async function resetPassword(
  platform: Platform,
  token: string,
  password: string,
): Promise<{ token: string; user: UserRow } | null> {
  const passwordHash = await hashPassword(password);
  const { person, notice, blocked } = await inSystem(platform.database, async (tx) => {
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
    const { person, hadPassword } = await setPassword(tx, reset.userId, passwordHash);
    const [workspace] = person.clientId
      ? await tx.select({ status: clients.status }).from(clients).where(eq(clients.id, person.clientId))
      : [];
    // An invited person setting their first password changed nothing: no notice for them.
    return { person, notice: hadPassword ? person : null, blocked: workspace?.status === 'blocked' };
  });
  // After the commit, like every revocation: the person's open sockets close in every process.
  platform.realtime.revokeUser(person.id);
  if (notice) await mailPasswordChanged(platform, notice);
  // The link proved the mailbox as sign-in proves the password: someone who may enter is signed in (a new hire
  // lands in the intranet, not on the sign-in form); the others sign in by hand and meet sign-in's answer.
  const mayEnter = !person.awaitingApproval && !person.deletionMark && (!blocked || signInPolicy(person).whileBlocked);
  if (!mayEnter) return null;
  await noteSignIn(platform, person.id);
  return { token: issueToken(platform, person), user: person };
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
  // Another administrator's password only the superadmin sets (users policy).
  authorize(mayManage(ctx, row));
  const saved = await saveUser(ctx.db, row.id, {
    passwordHash: await hashPassword(password),
    tokenVersion: row.tokenVersion + 1,
  });
  ctx.afterCommit(() => mailPasswordChanged(platform, saved));
  return saved;
}
