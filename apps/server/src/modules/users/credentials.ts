import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { type UserRow, users } from './tables.js';

/** What signing in changes of a person (auth's side): the people's table is this module's alone to write. */

/** Notes a successful sign-in (the employees list's "last sign-in"); the row's `updated` stays as it was. */
export async function recordSignIn(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ lastSignInAt: new Date(), updated: sql`${users.updated}` })
    .where(eq(users.id, userId));
}

/** Ends every session of the person: tokens issued before now stop working. */
export async function endSessions(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Marks the person invited now. With `waiting`, only someone still waiting for their first password (invited, no
 * password, not deleted, with an e-mail): undefined for anyone else.
 */
export async function markInvited(tx: Tx, userId: string, waiting = false): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ invitedAt: new Date() })
    .where(
      waiting
        ? and(
            eq(users.id, userId),
            isNotNull(users.invitedAt),
            isNull(users.passwordHash),
            eq(users.deletionMark, false),
            isNotNull(users.email),
          )
        : eq(users.id, userId),
    )
    .returning();
  return row;
}

/** Sets a new password and ends the person's sessions; says whether they had one before (an invitation has none). */
export async function setPassword(
  tx: Tx,
  userId: string,
  passwordHash: string,
): Promise<{ person: UserRow; hadPassword: boolean }> {
  const [before] = await tx.select({ had: users.passwordHash }).from(users).where(eq(users.id, userId));
  const [person] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  return { person, hadPassword: !!before?.had };
}
