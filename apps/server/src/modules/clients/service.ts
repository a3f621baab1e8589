import type { createClientBody, PersonCard, updateClientBody } from '@hallway/shared';
import {
  DEFAULT_RIGHTS,
  FEATURES,
  type Feature,
  HEADER_IMAGE_HEIGHT,
  HEADER_IMAGE_MIN_WIDTH,
  type Lang,
} from '@hallway/shared';
import { fileIdOf } from '@hallway/shared/files';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { enterSystemPath } from '../../platform/access/system-path.js';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import { uniqueViolation } from '../../platform/db/errors.js';
import { containing } from '../../platform/db/like.js';
import { inSystem } from '../../platform/db/tenant.js';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error.js';
import { files } from '../../platform/files/tables.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { workspacePeople } from './people.js';
import { clientPolicy } from './policy.js';
import { completeFeatures, presentClient } from './presenter.js';
import { type ClientRow, clients } from './tables.js';

type CreateClient = z.infer<typeof createClientBody>;
type UpdateClient = z.infer<typeof updateClientBody>;

async function storageUsed(tx: Tx, clientIds: string[]): Promise<Map<string, number>> {
  if (!clientIds.length) return new Map();
  const rows = await tx
    .select({ clientId: files.clientId, used: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
    .from(files)
    .where(inArray(files.clientId, clientIds))
    .groupBy(files.clientId);
  return new Map(rows.map((r) => [r.clientId, Number(r.used)]));
}

/** `GET api/clients`: the superadmin's list of workspaces, with search by code or name and a status filter. */
export async function listClients(ctx: RequestContext, filter: { search?: string; status?: 'active' | 'blocked' }) {
  await enterSystemPath(ctx, 'clients.list');
  const conditions: SQL[] = [];
  if (filter.search) {
    const like = containing(filter.search);
    conditions.push(or(ilike(clients.workspace, like), ilike(clients.name, like), ilike(clients.fullName, like))!);
  }
  if (filter.status) conditions.push(eq(clients.status, filter.status));
  const rows = await ctx.db
    .select()
    .from(clients)
    .where(and(...conditions))
    .orderBy(asc(clients.name));
  const ids = rows.map((r) => r.id);
  const [used, people] = await Promise.all([
    storageUsed(ctx.db, ids),
    workspacePeople(ctx).activeUserCounts(ctx.db, ids),
  ]);
  return rows.map((r) => presentClient(r, { usersCount: people.get(r.id) ?? 0, storageUsed: used.get(r.id) ?? 0 }));
}

/** A workspace: the superadmin sees any; everyone else only their own. */
export async function getClient(ctx: RequestContext, id: string) {
  const can = clientPolicy(ctx, id);
  if (!can.read) throw forbidden();
  if (can.elsewhere) await enterSystemPath(ctx, 'clients.read', { clientId: id });
  const row = await loadClient(ctx.db, id);
  const used = await storageUsed(ctx.db, [id]);
  return presentClient(row, { storageUsed: used.get(id) ?? 0 });
}

async function loadClient(tx: Tx, id: string): Promise<ClientRow> {
  const [row] = await tx.select().from(clients).where(eq(clients.id, id));
  if (!row) throw notFound('workspace_not_found');
  return row;
}

/** Creates a workspace with every feature on and, optionally, its first administrator. */
export async function createClient(ctx: RequestContext, body: CreateClient) {
  await enterSystemPath(ctx, 'clients.create', { workspace: body.workspace });
  const { admin, settings, ...fields } = body;
  let row: ClientRow;
  try {
    [row] = await ctx.db
      .insert(clients)
      .values({
        ...fields,
        lang: fields.lang ?? (ctx.user?.lang as Lang | null) ?? 'en',
        startPage: fields.start_page ?? 'company',
        features: FEATURES.map((code) => ({ code, active: true })),
        settings: { ...settings, defaultRights: { ...DEFAULT_RIGHTS, ...settings?.defaultRights } },
      })
      .returning();
  } catch (err) {
    if (uniqueViolation(err) === 'clients_workspace_key') {
      throw new AppError(409, 'workspace_taken', {}, { fields: { workspace: 'workspace_taken' } });
    }
    throw err;
  }
  if (admin) {
    const { password, ...person } = admin;
    await workspacePeople(ctx).createFirstAdmin(ctx.db, row, { ...person, passwordHash: await hashPassword(password) });
  }
  return presentClient(row);
}

/** Superadmin-only fields; an administrator edits the rest of their own workspace. */
const SUPERADMIN_FIELDS = ['status', 'storageSize'] as const;

export async function updateClient(ctx: RequestContext, id: string, body: UpdateClient) {
  const can = clientPolicy(ctx, id);
  if (!can.edit) throw forbidden();
  if (can.elsewhere) await enterSystemPath(ctx, 'clients.update', { clientId: id, fields: Object.keys(body) });
  const field = can.editSuperadminFields ? undefined : SUPERADMIN_FIELDS.find((f) => body[f] !== undefined);
  if (field) throw new AppError(403, 'no_access', {}, { fields: { [field]: 'no_access' } });
  const current = await loadClient(ctx.db, id);
  if (body.header && body.header !== current.header) await assertHeaderImage(ctx.db, id, body.header);
  if (body.lmsAdmins?.length) await assertOwnPeople(ctx.db, id, body.lmsAdmins);
  const { start_page, settings, ...fields } = body;
  const [row] = await ctx.db
    .update(clients)
    .set({
      ...fields,
      updated: new Date(),
      ...(start_page ? { startPage: start_page } : {}),
      ...(settings
        ? {
            settings: {
              ...current.settings,
              ...settings,
              defaultRights: { ...current.settings.defaultRights, ...settings.defaultRights },
            },
          }
        : {}),
    })
    .where(eq(clients.id, id))
    .returning();
  const used = await storageUsed(ctx.db, [id]);
  return presentClient(row, { storageUsed: used.get(id) ?? 0 });
}

/** LMS administrators are people of the workspace: anyone else's id is answered as an unknown person. */
async function assertOwnPeople(tx: Tx, clientId: string, ids: string[], field = 'lmsAdmins'): Promise<void> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE client_id = ${clientId} AND id = ANY (${`{${ids.join(',')}}`}::uuid[])`,
  );
  if (rows.length < new Set(ids).size) {
    throw new AppError(404, 'user_not_found', {}, { fields: { [field]: 'user_not_found' } });
  }
}

/**
 * `GET api/clients/{id}/settings/admins/lms` (modules §7 "Learning"): the workspace's LMS administrators as person
 * cards, in the order they were named, and whether the caller may change them (the workspace's administrators).
 */
export async function lmsAdminsOf(ctx: RequestContext, id: string) {
  assertOwnWorkspace(ctx, id);
  const admins = await rowsOf<PersonCard>(
    ctx.db,
    sql`SELECT u.id AS "_id", trim(u.first_name || ' ' || u.last_name) AS name,
        coalesce(u.pics->0->>'mini', u.pics->0->>'src') AS avatar, u.position
      FROM clients c, unnest(c.lms_admins) WITH ORDINALITY AS a(id, n) JOIN users u ON u.id = a.id
      WHERE c.id = ${id} AND NOT u.deletion_mark ORDER BY a.n`,
  );
  return { admins, can: { edit: clientPolicy(ctx, id).edit } };
}

/** `PUT api/clients/{id}/settings/admins/lms`: the workspace's administrators name its LMS administrators. */
export async function setLmsAdmins(ctx: RequestContext, id: string, admins: string[]) {
  assertOwnWorkspace(ctx, id);
  if (!clientPolicy(ctx, id).edit) throw forbidden();
  const ids = [...new Set(admins)];
  if (ids.length) await assertOwnPeople(ctx.db, id, ids, 'admins');
  await ctx.db.update(clients).set({ lmsAdmins: ids, updated: new Date() }).where(eq(clients.id, id));
  return lmsAdminsOf(ctx, id);
}

/**
 * The workspace's header image (spec portal §9): a picture of the workspace, HEADER_IMAGE_HEIGHT high and at least
 * HEADER_IMAGE_MIN_WIDTH wide (the web's cropper makes exactly that). Otherwise 400 `wrong_image_size`.
 */
async function assertHeaderImage(tx: Tx, clientId: string, src: string): Promise<void> {
  const fileId = fileIdOf(src);
  const [file] = fileId
    ? await tx
        .select({ width: files.width, height: files.height })
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.clientId, clientId)))
    : [];
  if (!file) throw new AppError(404, 'file_not_found', {}, { fields: { header: 'file_not_found' } });
  if (file.height !== HEADER_IMAGE_HEIGHT || (file.width ?? 0) < HEADER_IMAGE_MIN_WIDTH) {
    throw new AppError(
      400,
      'wrong_image_size',
      { width: HEADER_IMAGE_MIN_WIDTH, height: HEADER_IMAGE_HEIGHT },
      { fields: { header: 'wrong_image_size' } },
    );
  }
}

/** Public branding of a workspace by its code, for the sign-in and registration pages. */
export async function clientByWorkspace(platform: Platform, workspace: string) {
  const row = await inSystem(platform.database, async (tx) => {
    const [found] = await tx.select().from(clients).where(sql`lower(${clients.workspace}) = lower(${workspace})`);
    return found;
  });
  if (!row) throw notFound('workspace_not_found');
  const dto = presentClient(row);
  return {
    _id: dto._id,
    workspace: dto.workspace,
    name: dto.name,
    logo: dto.logo,
    colors: dto.colors,
    font: dto.font,
    lang: dto.lang,
    status: dto.status,
    openRegistration: dto.settings.openRegistration,
  };
}

/** Switches one feature of a workspace on or off (superadmin). Answers the workspace's features. */
export async function switchFeature(ctx: RequestContext, clientId: string, code: Feature) {
  if (ctx.clientId !== clientId) await enterSystemPath(ctx, 'clients.feature', { clientId, code });
  const current = await loadClient(ctx.db, clientId);
  const features = completeFeatures(current.features).map((f) => (f.code === code ? { ...f, active: !f.active } : f));
  await ctx.db.update(clients).set({ features }).where(eq(clients.id, clientId));
  return features;
}
