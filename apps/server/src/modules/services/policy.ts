import type { RequestCan, ServiceCan } from '@hallway/shared/services';
import { type SQL, sql } from 'drizzle-orm';
import { type Grantee, grantedSql } from '../../platform/access/grants.js';
import type { RequestContext } from '../../platform/http/context.js';
import { type ServiceRequestRow, type ServiceRow, services } from './tables.js';

/**
 * Who does what with services and their requests (modules §6, right and feature `services`; docs/api.md "Services"):
 * - the audience of a service is everyone (`for_all`) or the people its grants (kind `service`) give `read`; its
 *   members with the `services` right see it in the catalogue and start requests while it is switched on;
 * - administrators create services and groups, name owners and edit the "ask the office" settings; a service's
 *   owners (with the `services` right) and administrators design it, switch it on and off, delete it and read its
 *   table of requests;
 * - a request is read by its requester, the performers of its steps and those who read its service's table; only
 *   a performer of its current step decides that step.
 */
export const SERVICE_KIND = 'service';

/** What is decided before there is a service (sent with the catalogue and the designer's list). */
export const servicesPolicy = (ctx: RequestContext) => ({
  create_group: ctx.isAdmin,
  create_service: ctx.isAdmin,
  settings: ctx.isAdmin,
  /** The catalogue's requests and the "ask the office" form. */
  use: ctx.can('services'),
});

/** A service group: administrators edit and delete it. */
export const groupPolicy = (ctx: RequestContext) => ({ edit: ctx.isAdmin, delete: ctx.isAdmin });

/** `who` is in the audience of the `services` row of the outer query (a column). */
export function audienceSql(clientId: string, who: Grantee): SQL<boolean> {
  return sql<boolean>`(${services.forAll} OR ${grantedSql(clientId, SERVICE_KIND, services.id, who, 'read')})`;
}

/** The caller manages the `services` row of the outer query (a column): administrators, owners with the right. */
export function managedSql(ctx: RequestContext): SQL<boolean> {
  if (ctx.isAdmin) return sql<boolean>`TRUE`;
  if (!ctx.can('services')) return sql<boolean>`FALSE`;
  return sql<boolean>`(${ctx.me().id}::uuid = ANY (${services.owners}))`;
}

/** The services of the outer query the catalogue shows the caller: those they may request, and those they manage. */
export function catalogueSql(ctx: RequestContext, who: Grantee): SQL<boolean> {
  const request = ctx.can('services')
    ? sql<boolean>`(${services.active} AND ${audienceSql(ctx.tenant(), who)})`
    : sql<boolean>`FALSE`;
  return sql<boolean>`(${managedSql(ctx)} OR ${request})`;
}

/** Whether the caller reads the table of a request's service (administrators alone once it is deleted). */
export const managesRequest = (ctx: RequestContext, service: Pick<ServiceRow, 'owners' | 'active'> | null) =>
  service ? servicePolicy(ctx, service, false).manage : ctx.isAdmin;

/** What the caller may do with a service (sent as `can`; the service checks the same). */
export function servicePolicy(
  ctx: RequestContext,
  row: Pick<ServiceRow, 'owners' | 'active'>,
  inAudience: boolean,
): ServiceCan & { read: boolean; manage: boolean } {
  const owner = !!ctx.user && row.owners.includes(ctx.user.id);
  const manage = ctx.isAdmin || (owner && ctx.can('services'));
  const request = inAudience && row.active && ctx.can('services');
  return {
    read: manage || request,
    manage,
    request,
    edit: manage,
    owners: ctx.isAdmin,
    delete: manage,
    table: manage,
  };
}

/** What the caller is to a request, worked out from its rows. */
export interface RequestRole {
  requester: boolean;
  /** A performer of any of its steps. */
  performer: boolean;
  /** A performer of its current step. */
  current: boolean;
  /** The caller reads its service's table. */
  manager: boolean;
}

/** What the caller may do with a request (sent as `can`). */
export function requestPolicy(
  row: Pick<ServiceRequestRow, 'status'>,
  role: RequestRole,
): RequestCan & { read: boolean } {
  const read = role.requester || role.performer || role.manager;
  return { read, pass: row.status === 'active' && role.current, comment: read, table: role.manager };
}

/** `runned/{user_id}` and the export: a person's own lists, or anybody's for administrators. */
export const mayListFor = (ctx: RequestContext, userId: string): boolean => userId === ctx.me().id || ctx.isAdmin;
