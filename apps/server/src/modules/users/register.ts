import {
  DEFAULT_RIGHTS,
  type ImportReport,
  importReport,
  type RegisterBody,
  type Rights,
  type Role,
  registerBody,
} from '@hallway/shared';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Tx } from '../../platform/db/client.js';
import { switchTenant } from '../../platform/db/switch-tenant.js';
import { AppError, conflict, forbidden, invalidFields } from '../../platform/errors/app-error.js';
import { toFields } from '../../platform/errors/handler.js';
import { createContext, type RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { type ClientRow, clients } from '../clients/tables.js';
import { administratorSql, peoplePolicy } from './policy.js';
import { profileMedia } from './profile.js';
import { assertChiefOf, duplicateToFieldError } from './service.js';
import { normaliseRow } from './spreadsheet.js';
import { type UserRow, users } from './tables.js';

export type NewEmployee = Omit<RegisterBody, 'password' | 'confirmation' | 'workspace'> & {
  passwordHash?: string | null;
  roles?: Role[];
  /** The HR-system row the employee was created from (load_hrm). */
  hrmData?: Record<string, unknown>;
  /** A newcomer of open registration waiting for an administrator's approval (stored marked deleted too). */
  awaitingApproval?: boolean;
};

/** Inserts one employee of a workspace with the workspace's default rights. Login defaults to the e-mail. */
export async function createEmployee(
  tx: Tx,
  client: Pick<ClientRow, 'id' | 'settings'>,
  input: NewEmployee,
): Promise<UserRow> {
  const { rights, passwordHash, roles, birthDate, workingSince, awaitingApproval, ...fields } = input;
  await assertChiefOf(tx, client.id, fields.chief);
  const allRights: Rights = { ...DEFAULT_RIGHTS, ...client.settings.defaultRights, ...rights };
  try {
    const [row] = await tx
      .insert(users)
      .values({
        ...fields,
        birthDate: birthDate || null,
        workingSince: workingSince || null,
        clientId: client.id,
        login: input.login || input.email,
        passwordHash: passwordHash ?? null,
        roles: roles ?? [],
        rights: allRights,
        ...(awaitingApproval ? { awaitingApproval: true, deletionMark: true } : {}),
      })
      .returning();
    return row;
  } catch (err) {
    const duplicate = duplicateToFieldError(err);
    // Without a login of its own the person signs in with the e-mail: a clash of that name is the e-mail's.
    if (!input.login && duplicate instanceof AppError && duplicate.code === 'login_taken') {
      throw conflict('email_taken', 'email');
    }
    throw duplicate;
  }
}

/**
 * `POST api/register`. An administrator adds an employee to their workspace; without a session, a newcomer joins
 * the workspace named by `workspace` when it accepts open registration.
 */
export async function register(ctx: RequestContext, body: RegisterBody): Promise<{ user: UserRow; joined: boolean }> {
  if (body.confirmation !== undefined && body.confirmation !== body.password) {
    throw invalidFields({ confirmation: 'passwords_mismatch' });
  }
  const { password, confirmation: _c, workspace, ...input } = body;
  if (ctx.user) {
    if (!peoplePolicy(ctx).register) throw forbidden();
    const [client] = await ctx.db.select().from(clients).where(eq(clients.id, ctx.tenant()));
    const checked = await withWorkspaceReferences(ctx, input);
    const user = await createEmployee(ctx.db, client, { ...checked, passwordHash: await hashPassword(password) });
    return { user, joined: false };
  }
  if (!workspace) throw invalidFields({ workspace: 'required' });
  await ctx.db.execute(sql`SELECT set_config('app.system', 'on', true)`);
  const [client] = await ctx.db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.workspace}) = lower(${workspace})`, eq(clients.status, 'active')));
  if (!client) throw new AppError(404, 'workspace_not_found', {}, { fields: { workspace: 'workspace_not_found' } });
  if (!client.settings.openRegistration) throw new AppError(403, 'registration_closed');
  assertNewcomerFields(input);
  await switchTenant(ctx.db, client.id);
  const awaitingApproval = !!client.settings.registrationApproval;
  const user = await createEmployee(ctx.db, client, {
    ...input,
    passwordHash: await hashPassword(password),
    awaitingApproval,
  });
  if (awaitingApproval) await askAdminsToApprove(ctx, client, user);
  return { user, joined: true };
}

/** Tells the workspace's administrators that a newcomer waits for them (the employees list's "Pending" filter). */
async function askAdminsToApprove(ctx: RequestContext, client: ClientRow, user: UserRow): Promise<void> {
  const admins = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, client.id), eq(users.deletionMark, false), administratorSql(users.roles)));
  if (!admins.length) return;
  const inWorkspace = createContext({
    db: ctx.db,
    user: null,
    client: { id: client.id, workspace: client.workspace, status: client.status, features: client.features },
    log: ctx.log,
    afterCommit: ctx.afterCommit,
    services: ctx.services,
  });
  await notify(inWorkspace, {
    code: 'users.registration_pending',
    recipients: admins.map((a) => a.id),
    vars: { name: `${user.firstName} ${user.lastName}`.trim() || user.login, email: user.email ?? user.login },
    link: '/employees/?status=pending',
  });
}

/**
 * What a newcomer joining by open registration may say about themselves: their name, contacts and "about". Rights,
 * HR-owned fields (position, department, chief, working time, vacation days, ...) and pictures (they have uploaded
 * nothing yet) are the administrators' to set.
 */
const NEWCOMER_FIELDS = new Set([
  'firstName',
  'middleName',
  'lastName',
  'email',
  'login',
  'birthDate',
  'phone',
  'internalPhone',
  'lang',
  'city',
  'telegram',
  'about',
  'social',
  'statusText',
  'gender',
  'theme',
  'timeZone',
]);

function assertNewcomerFields(input: Record<string, unknown>): void {
  const refused = Object.keys(input).filter((k) => input[k] !== undefined && !NEWCOMER_FIELDS.has(k));
  if (refused.length)
    throw new AppError(403, 'no_access', {}, { fields: Object.fromEntries(refused.map((k) => [k, 'no_access'])) });
}

/**
 * The references of a new employee an administrator sends, checked against the workspace like a profile edit
 * does: the chief is a person of the workspace, pictures, cover and HR files are its uploaded files (stored as the
 * server knows them, so no outside URL or made-up file path is kept).
 */
async function withWorkspaceReferences<T extends Omit<NewEmployee, 'passwordHash'>>(
  ctx: RequestContext,
  input: T,
): Promise<T> {
  if (input.chief) {
    const [chief] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.chief), eq(users.clientId, ctx.tenant())));
    if (!chief) throw new AppError(404, 'user_not_found', {}, { fields: { chief: 'user_not_found' } });
  }
  const { changes } = await profileMedia(ctx, NO_MEDIA, { pics: input.pics, cover: input.cover, files: input.files });
  return { ...input, ...changes };
}

const NO_MEDIA = { pics: [], cover: '', files: [] };

/** One row of an import: the fields of `register`, with an optional password (without one, the person uses "forgot password"). */
const importRow = registerBody.omit({ workspace: true, confirmation: true }).extend({
  password: registerBody.shape.password.optional(),
});

/**
 * `POST api/register_many`: imports what it can and reports every bad row. Rows count from 1, or as `rowNumbers`
 * says (a spreadsheet's own row numbers).
 */
export async function registerMany(
  ctx: RequestContext,
  rows: Record<string, unknown>[],
  rowNumbers?: number[],
): Promise<ImportReport> {
  const [client] = await ctx.db.select().from(clients).where(eq(clients.id, ctx.tenant()));
  const report: ImportReport = { created: [], errors: [] };
  const seen = new Map<string, number>();
  for (const [index, raw] of rows.entries()) {
    const row = rowNumbers?.[index] ?? index + 1;
    const parsed = importRow.safeParse(normaliseRow(raw));
    if (!parsed.success) {
      const fields = toFields(
        parsed.error.issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, keyword: i.code, message: i.message })),
      );
      report.errors.push({ row, fields, message: 'Validation error' });
      continue;
    }
    const { password, ...input } = parsed.data;
    const keys = [`email:${input.email}`, `login:${(input.login || input.email).toLowerCase()}`];
    const duplicate = keys.find((k) => seen.has(k));
    if (duplicate) {
      const field = duplicate.startsWith('login') ? 'login' : 'email';
      report.errors.push({
        row,
        fields: { [field]: `${field}_taken` },
        message: `Same ${field} as row ${seen.get(duplicate)}`,
      });
      continue;
    }
    try {
      const checked = await withWorkspaceReferences(ctx, input);
      const passwordHash = password ? await hashPassword(password) : null;
      const user = await ctx.db.transaction((sp) =>
        createEmployee(sp as unknown as Tx, client, { ...checked, passwordHash }),
      );
      for (const k of keys) seen.set(k, row);
      report.created.push({ row, _id: user.id, login: user.login });
    } catch (err) {
      if (err instanceof AppError) {
        report.errors.push({ row, fields: err.extra.fields ?? {}, message: err.message });
      } else throw err;
    }
  }
  return report;
}

export const registerManyResult = importReport;
