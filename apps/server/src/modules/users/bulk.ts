// Issue 12: bulk actions of the employees list. One call names up to BULK_USERS_MAX people of the caller's
// workspace and one action; each person goes through the rules of the one-by-one route, in the request's one
// transaction, and the answer says per id what happened. A selection naming anyone who is not a person of the
// workspace (another workspace's, or nobody's) is refused whole with 404 `user_not_found`, as the one-by-one route
// answers such an id: nothing is done and nothing tells the two apart.
import type { BulkUserOutcome, BulkUsersBody, bulkUsersBody, UserDto } from '@hallway/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { announce } from './announce.js';
import { approve, decline } from './approval.js';
import { canSeeHr, profileAbilities } from './policy.js';
import { presentUser } from './presenter.js';
import * as service from './service.js';
import { type UserRow, users } from './tables.js';

/** What the people module needs of the sign-in module's invitations (auth provides it: auth depends on users). */
export interface Invitations {
  resend(platform: Platform, ctx: RequestContext, id: string): Promise<UserRow>;
}

declare module '../../platform/http/module.js' {
  interface ModuleServices {
    invitations: Invitations;
  }
}

type Body = z.output<typeof bulkUsersBody>;

export type { BulkUsersBody };

/** Runs one action over the named people; refusals of one person never stop the others. */
export async function bulkUsers(platform: Platform, ctx: RequestContext, body: Body): Promise<BulkUserOutcome[]> {
  const act = actionOf(platform, ctx, body);
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, body.ids), eq(users.clientId, ctx.tenant())));
  if (found.length !== body.ids.length) throw notFound('user_not_found');
  const outcomes: BulkUserOutcome[] = [];
  const changed: UserRow[] = [];
  for (const id of body.ids) {
    try {
      const row = await act(id);
      if (row) changed.push(row);
      outcomes.push({ _id: id, ok: true });
    } catch (err) {
      // The one-by-one rules refuse before they write: the transaction goes on for the others.
      if (!(err instanceof AppError)) throw err;
      outcomes.push({ _id: id, ok: false, code: err.code });
    }
  }
  for (const user of await presentAll(ctx, changed)) announce(platform, ctx, user);
  return outcomes;
}

function actionOf(platform: Platform, ctx: RequestContext, body: Body): (id: string) => Promise<UserRow | null> {
  switch (body.action) {
    case 'block':
    case 'unblock':
      return (id) => service.setDeleted(platform, ctx, id, body.action === 'block');
    case 'grant_role':
    case 'revoke_role': {
      const role = body.role;
      if (!role) throw invalidFields({ role: 'required' });
      return (id) => service.changeRole(ctx, id, role, body.action === 'grant_role');
    }
    case 'set_rights': {
      const rights = body.rights;
      if (!rights || !Object.keys(rights).length) throw invalidFields({ rights: 'required' });
      return (id) => service.setRights(ctx, id, rights);
    }
    case 'resend_invitation': {
      const invitations = ctx.services.invitations;
      if (!invitations) throw new AppError(400, 'not_invited');
      return async (id) => {
        await invitations.resend(platform, ctx, id);
        return null;
      };
    }
    case 'approve':
      return (id) => approve(platform, ctx, id);
    case 'decline':
      return async (id) => {
        await decline(ctx, id);
        return null;
      };
  }
}

/** The changed people as their own tabs see them (followers read in one pass). */
async function presentAll(ctx: RequestContext, rows: UserRow[]): Promise<UserDto[]> {
  if (!rows.length) return [];
  const followers = await service.followersOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    presentUser(row, { followers: followers.get(row.id), showHr: canSeeHr(ctx, row), can: profileAbilities(ctx, row) }),
  );
}
