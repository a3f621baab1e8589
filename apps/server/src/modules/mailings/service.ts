// Mailings (modules §3 "Mailing", §4 "Mailing", §7 "Mailing"): one per workspace and action; saving one starts,
// restarts or stops its job as §4 says, and answers which.
import type { MailingAction, MailingDto } from '@hallway/shared';
import { MAILING_ACTIONS } from '@hallway/shared';
import { and, asc, eq } from 'drizzle-orm';
import { assertOwnWorkspaceCode } from '../../platform/access/tenancy.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { checkOutboundUrl, type OutboundAllow } from '../../platform/http/outbound.js';
import { workspaceTimeZone } from '../clients/index.js';
import { nextRun } from './schedule.js';
import { type MailingRow, mailings } from './tables.js';

export interface MailingInput {
  active?: boolean;
  schedule?: string;
  target?: { url: string; key?: string };
}

/**
 * The export's endpoint: https (plain http only to a host OUTBOUND_ALLOW_HOSTS names) → else 400
 * `export_url_invalid`; an address inside the network → 400 `url_internal` (platform/http/outbound.ts).
 */
export function checkTarget(target: MailingInput['target'], allow: OutboundAllow) {
  if (!target) return;
  const checked = checkOutboundUrl(target.url, allow);
  if ('problem' in checked) {
    const code = checked.problem === 'internal' ? 'url_internal' : 'export_url_invalid';
    throw new AppError(400, code, {}, { fields: { 'target.url': code } });
  }
}

const zoneOf = async (ctx: RequestContext) => (await workspaceTimeZone(ctx.db, ctx.tenant())) ?? 'UTC';

export function present(row: MailingRow, workspace: string, timeZone: string): MailingDto {
  return {
    _id: row.id,
    workspace,
    action: row.action,
    active: row.active,
    schedule: row.schedule,
    timeZone,
    next_run: row.nextRun?.toISOString() ?? null,
    last_run: row.lastRun?.toISOString() ?? null,
    last_result: row.lastResult ?? null,
    target: row.target ? { url: row.target.url, key_set: !!row.target.key } : null,
  };
}

async function presentAll(ctx: RequestContext, rows: MailingRow[]) {
  const zone = await zoneOf(ctx);
  return rows.map((row) => present(row, ctx.client!.workspace, zone));
}

async function load(ctx: RequestContext, id: string): Promise<MailingRow> {
  const [row] = await ctx.db
    .select()
    .from(mailings)
    .where(and(eq(mailings.id, id), eq(mailings.clientId, ctx.tenant())));
  if (!row) throw notFound('mailing_not_found');
  return row;
}

/** `GET api/mailing?workspace=`: the workspace's mailings. */
export async function list(ctx: RequestContext, workspace?: string) {
  if (workspace) assertOwnWorkspaceCode(ctx, workspace);
  const rows = await ctx.db
    .select()
    .from(mailings)
    .where(eq(mailings.clientId, ctx.tenant()))
    .orderBy(asc(mailings.action));
  return presentAll(ctx, rows);
}

export async function getOne(ctx: RequestContext, id: string) {
  return (await presentAll(ctx, [await load(ctx, id)]))[0];
}

/** `POST api/mailing`: §4 "on create, if active, the job is started and the result is marked started". */
export async function create(
  ctx: RequestContext,
  allow: OutboundAllow,
  input: MailingInput & { workspace: string; action: MailingAction; schedule: string; active: boolean },
) {
  assertOwnWorkspaceCode(ctx, input.workspace);
  if (input.action === 'people_export' && !input.target) {
    throw new AppError(400, 'export_not_configured', {}, { fields: { 'target.url': 'required' } });
  }
  checkTarget(input.target, allow);
  const next = nextRun(input.schedule, await zoneOf(ctx), new Date());
  const [row] = await ctx.db
    .insert(mailings)
    .values({
      clientId: ctx.tenant(),
      action: input.action,
      active: input.active,
      schedule: input.schedule,
      target: input.target ?? null,
      nextRun: input.active ? next : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'mailing_exists', {}, { fields: { action: 'mailing_exists' } });
  const [result] = await presentAll(ctx, [row]);
  return input.active ? { result, started: true } : { result };
}

/**
 * `PUT api/mailing/{id}`, §4: a changed schedule restarts the job; otherwise an active mailing is started and an
 * inactive one stopped. A target without a key keeps the key saved before.
 */
export async function update(ctx: RequestContext, allow: OutboundAllow, id: string, input: MailingInput) {
  const row = await load(ctx, id);
  checkTarget(input.target, allow);
  const schedule = input.schedule ?? row.schedule;
  const active = input.active ?? row.active;
  const changed = schedule !== row.schedule;
  const next = active ? nextRun(schedule, await zoneOf(ctx), new Date()) : null;
  if (!active) nextRun(schedule, 'UTC', new Date()); // a stopped mailing's schedule is checked all the same
  const target = input.target ? { url: input.target.url, key: input.target.key || row.target?.key } : row.target;
  const [saved] = await ctx.db
    .update(mailings)
    .set({ schedule, active, target, nextRun: next, updated: new Date() })
    .where(and(eq(mailings.id, row.id), eq(mailings.clientId, row.clientId)))
    .returning();
  const [result] = await presentAll(ctx, [saved]);
  if (changed && active) return { result, restarted: true };
  return active ? { result, started: true } : { result, stopped: true };
}

/** `DELETE api/mailing/{id}`. */
export async function remove(ctx: RequestContext, id: string) {
  const row = await load(ctx, id);
  await ctx.db.delete(mailings).where(and(eq(mailings.id, row.id), eq(mailings.clientId, row.clientId)));
  return { result: true };
}

/** `PUT api/mailing/startJob/{workspace}`: every mailing of the workspace runs on its schedule again. */
export async function startAll(ctx: RequestContext, workspace: string) {
  assertOwnWorkspaceCode(ctx, workspace);
  const zone = await zoneOf(ctx);
  const rows = await ctx.db.select().from(mailings).where(eq(mailings.clientId, ctx.tenant()));
  const now = new Date();
  const saved: MailingRow[] = [];
  for (const row of rows) {
    const [one] = await ctx.db
      .update(mailings)
      .set({ active: true, nextRun: nextRun(row.schedule, zone, now), updated: now })
      .where(and(eq(mailings.id, row.id), eq(mailings.clientId, row.clientId)))
      .returning();
    saved.push(one);
  }
  return { result: saved.map((row) => present(row, ctx.client!.workspace, zone)), started: true };
}

/** `{workspace}_{action}` of the restart and stop paths: the action is the known suffix (both may hold `_`). */
export function splitJob(ctx: RequestContext, job: string): MailingAction {
  const action = MAILING_ACTIONS.find((a) => job.endsWith(`_${a}`));
  if (!action) throw notFound('mailing_not_found');
  assertOwnWorkspaceCode(ctx, job.slice(0, -(action.length + 1)));
  return action;
}

async function byAction(ctx: RequestContext, action: MailingAction) {
  const [row] = await ctx.db
    .select()
    .from(mailings)
    .where(and(eq(mailings.clientId, ctx.tenant()), eq(mailings.action, action)));
  if (!row) throw notFound('mailing_not_found');
  return row;
}

/** `PUT api/mailing/restartJob/{workspace}_{action}`: active again, next run computed from now. */
export async function restart(ctx: RequestContext, job: string) {
  const row = await byAction(ctx, splitJob(ctx, job));
  const now = new Date();
  const [saved] = await ctx.db
    .update(mailings)
    .set({ active: true, nextRun: nextRun(row.schedule, await zoneOf(ctx), now), updated: now })
    .where(and(eq(mailings.id, row.id), eq(mailings.clientId, row.clientId)))
    .returning();
  return { result: (await presentAll(ctx, [saved]))[0], restarted: true };
}

/** `PUT api/mailing/stopJob/{workspace}_{action}`: no more runs until started again. */
export async function stop(ctx: RequestContext, job: string) {
  const row = await byAction(ctx, splitJob(ctx, job));
  const [saved] = await ctx.db
    .update(mailings)
    .set({ active: false, nextRun: null, updated: new Date() })
    .where(and(eq(mailings.id, row.id), eq(mailings.clientId, row.clientId)))
    .returning();
  return { result: (await presentAll(ctx, [saved]))[0], stopped: true };
}
