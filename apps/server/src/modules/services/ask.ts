// The portal's short "ask the office" form (portal §7 `POST api/user/send_service_req` with attachments) and the
// workspace's setting of where it goes (docs/api.md "Services"): to the configured recipients by notification and
// e-mail (the files go with the e-mail), or as a request of a chosen simple service.
import { and, eq, inArray } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { mailAttachments } from '../files/index.js';
import { personCards, unknownPerson } from '../users/index.js';
import { users } from '../users/tables.js';
import { servicesPolicy } from './policy.js';
import { startRequest } from './requests.js';
import { isSimple, refuse } from './rules.js';
import { type ServiceRow, serviceSettings, services } from './tables.js';
import { findService } from './templates.js';
import { checkFiles } from './values.js';

async function settingsRow(ctx: RequestContext) {
  const [row] = await ctx.db.select().from(serviceSettings).where(eq(serviceSettings.clientId, ctx.tenant()));
  return row ?? { recipients: [] as string[], serviceId: null as string | null };
}

/** The first text field of a service's form, and its first file field. */
const textField = (row: Pick<ServiceRow, 'fields'>) => row.fields.find((f) => f.type === 'text' || f.type === 'string');
const fileField = (row: Pick<ServiceRow, 'fields'>) => row.fields.find((f) => f.type === 'file');

/**
 * A service asks can start requests of: simple, with a text field to hold the ask, and no other required field
 * (the ask's files go to its first file field).
 */
function suitsAsks(row: ServiceRow): boolean {
  const text = textField(row);
  const file = fileField(row);
  return (
    row.type === 'simple' &&
    isSimple(row.steps) &&
    !!text &&
    row.fields.every((f) => !f.required || f.key === text.key || f.key === file?.key)
  );
}

/** The active people among the recipients (a person who left receives nothing). */
async function activeRecipients(ctx: RequestContext, ids: string[]) {
  if (!ids.length) return [];
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false), inArray(users.id, ids)));
  const active = new Set(rows.map((r) => r.id));
  return ids.filter((id) => active.has(id));
}

/** `GET api/service_settings/{client_id}`: where asks go (the recipients for administrators), and whether they can be sent. */
export async function getSettings(ctx: RequestContext) {
  const row = await settingsRow(ctx);
  const can = { edit: servicesPolicy(ctx).settings };
  const [service] = row.serviceId
    ? await ctx.db.select({ id: services.id, name: services.name }).from(services).where(eq(services.id, row.serviceId))
    : [];
  const recipients = await activeRecipients(ctx, row.recipients);
  const cards = can.edit ? await personCards(ctx.db, recipients) : new Map();
  return {
    recipients: can.edit ? recipients.map((id) => cards.get(id) ?? unknownPerson(id)) : [],
    service: service ? { _id: service.id, name: service.name } : null,
    enabled: !!service || recipients.length > 0,
    can,
  };
}

/** `PUT api/service_settings/{client_id}` (administrators): the recipients, or a suitable simple service. */
export async function saveSettings(ctx: RequestContext, body: { recipients: string[]; service: string | null }) {
  authorize(servicesPolicy(ctx).settings);
  const recipients = [...new Set(body.recipients.map((id) => id.toLowerCase()))];
  if ((await activeRecipients(ctx, recipients)).length !== recipients.length) {
    throw refuse('user_not_found', 'recipients');
  }
  if (body.service) {
    const found = await findService(ctx, body.service);
    if (!suitsAsks(found.row)) throw refuse('service_ask_unsuitable', 'service');
  }
  await ctx.db
    .insert(serviceSettings)
    .values({ clientId: ctx.tenant(), recipients, serviceId: body.service })
    .onConflictDoUpdate({ target: serviceSettings.clientId, set: { recipients, serviceId: body.service } });
  return getSettings(ctx);
}

/**
 * `POST api/user/send_service_req`: the ask (a text and files of this workspace within the attachment limit). With
 * a service set, it starts a request of it (the text in its first text field, the files in its first file field);
 * otherwise the recipients are told (`services.ask`: the centre, a popup and an e-mail carrying the files).
 */
export async function sendAsk(ctx: RequestContext, body: { text: string; attachments: string[] }) {
  authorize(servicesPolicy(ctx).use);
  const text = body.text.trim();
  if (!text) throw refuse('service_ask_text_required', 'text');
  const attachments = [...new Set(body.attachments.map((id) => id.toLowerCase()))];
  const files = await checkFiles(ctx, attachments, 'attachments');
  const settings = await settingsRow(ctx);
  if (settings.serviceId) {
    const [service] = await ctx.db.select().from(services).where(eq(services.id, settings.serviceId));
    if (service && suitsAsks(service)) {
      const into = textField(service)!;
      const file = fileField(service);
      const bp = await startRequest(ctx, {
        tmpl: service.id,
        fields: { [into.key]: text, ...(file && attachments.length ? { [file.key]: attachments } : {}) },
        files: file ? [] : attachments,
      });
      return { result: true, bp, files };
    }
  }
  const recipients = await activeRecipients(ctx, settings.recipients);
  if (!recipients.length) throw new AppError(400, 'service_ask_no_recipients');
  await notify(ctx, {
    code: 'services.ask',
    recipients,
    vars: { text, files: files.map((f) => f.name).join(', ') },
    attachments: await mailAttachments(ctx, attachments),
  });
  return { result: true, bp: null, files };
}
