// Notification templates (modules §3 "Notification template", §4 "template save", §7; `__` of §9): a workspace's
// own texts per code and language over the shipped ones, with a preview on sample values.
import {
  FALLBACK_TEMPLATE,
  FALLBACK_VARIABLES,
  id,
  LANGS,
  type Lang,
  type NotifTemplateBody,
  type NotifTemplateDto,
  notifTemplateBody,
  notifTemplateDto,
  notifTemplatePreview,
  resultOf,
} from '@hallway/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isNotificationCode, notificationCodes, notificationDefinition } from '../../platform/catalogues.js';
import { AppError, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { App } from '../../platform/http/module.js';
import { type NotifTemplateRow, notifTemplates } from './tables.js';
import { render, shippedTemplate } from './templates.js';

const tags = ['notifications'];
const admin = { role: 'admin' } as const;
const templateCodes = () => [...notificationCodes(), FALLBACK_TEMPLATE];
/** The `{name}` variables a code's templates may use; `__` gets those every notification has. */
const variablesOf = (code: string): string[] => [...(notificationDefinition(code)?.variables ?? FALLBACK_VARIABLES)];

/** What the preview fills in: a believable name (with markup, to show it stays text), a text, a count. */
const SAMPLES: Record<string, string> = {
  actor: 'Anna <b>Kowalski</b>',
  text: 'Welcome to the team! **See you** at the [kick-off](https://example.test).',
  others: '4',
  title: 'Fire drill at noon',
  rights: 'shop, polls',
};

function assertCode(code: string) {
  if (code !== FALLBACK_TEMPLATE && !isNotificationCode(code))
    throw invalidFields({ code: 'notification_code_unknown' });
  return code;
}

/** Every `{name}` of the texts must be a variable of the code: a typo would otherwise vanish from every entry. */
function assertVariables(body: Pick<NotifTemplateBody, 'code' | 'title' | 'short' | 'full'>) {
  const allowed = new Set(variablesOf(assertCode(body.code)));
  const fields: Record<string, 'template_variable_unknown'> = {};
  for (const field of ['title', 'short', 'full'] as const) {
    for (const [, name] of body[field].matchAll(/\{(\w+)\}/g))
      if (!allowed.has(name)) fields[field] = 'template_variable_unknown';
  }
  if (Object.keys(fields).length) throw invalidFields(fields);
}

const dto = (row: NotifTemplateRow): NotifTemplateDto => ({
  _id: row.id,
  code: row.code,
  lang: row.lang,
  name: row.name,
  title: row.title,
  short: row.short,
  full: row.full,
  variables: variablesOf(row.code),
  custom: true,
});

const shipped = (code: string, lang: Lang): NotifTemplateDto => {
  const texts = shippedTemplate(code, lang);
  return {
    _id: null,
    code,
    lang,
    name: '',
    title: texts.title,
    short: texts.body,
    // The mail's text when the shipped template adds paragraphs there; '' (the short text) otherwise.
    full: texts.mail ? `${texts.body}\n\n${texts.mail}` : '',
    variables: variablesOf(code),
    custom: false,
  };
};

/** A code's template in every language: the workspace's own where it has one, else the shipped one. */
async function templatesOf(ctx: RequestContext, code: string): Promise<NotifTemplateDto[]> {
  const rows = await ctx.db
    .select()
    .from(notifTemplates)
    .where(and(eq(notifTemplates.clientId, ctx.tenant()), eq(notifTemplates.code, code)));
  return LANGS.map((lang) => {
    const own = rows.find((r) => r.lang === lang);
    return own ? dto(own) : shipped(code, lang);
  });
}

async function ownTemplate(ctx: RequestContext, templateId: string) {
  const [row] = await ctx.db
    .select()
    .from(notifTemplates)
    .where(and(eq(notifTemplates.id, templateId), eq(notifTemplates.clientId, ctx.tenant())));
  if (!row) throw notFound('template_not_found');
  return row;
}

export function templateRoutes(app: App) {
  // Every code with the languages the workspace changed: the editor's list.
  app.get(
    '/api/notif_template',
    {
      schema: {
        tags,
        summary: "The workspace's notification templates",
        response: { 200: resultOf(z.array(z.object({ code: z.string(), custom: z.array(z.enum(LANGS)) }))) },
      },
      config: { access: admin },
    },
    async (req) => {
      const rows = await req.ctx.db
        .select({ code: notifTemplates.code, lang: notifTemplates.lang })
        .from(notifTemplates)
        .where(eq(notifTemplates.clientId, req.ctx.tenant()));
      return {
        result: templateCodes().map((code) => ({
          code,
          custom: rows.filter((r) => r.code === code).map((r) => r.lang),
        })),
      };
    },
  );

  app.get(
    '/api/notif_template/:code',
    {
      schema: {
        tags,
        summary: "A notification's templates",
        params: z.object({ code: z.string().max(80) }),
        response: { 200: resultOf(z.array(notifTemplateDto)) },
      },
      config: { access: admin, params: { code: 'notification_code' } },
    },
    async (req) => ({ result: await templatesOf(req.ctx, assertCode(req.params.code)) }),
  );

  app.post(
    '/api/notif_template',
    {
      schema: {
        tags,
        summary: 'Create a notification template',
        body: notifTemplateBody,
        response: { 200: resultOf(notifTemplateDto) },
      },
      config: { access: admin },
    },
    async (req) => {
      assertVariables(req.body);
      const [row] = await req.ctx.db
        .insert(notifTemplates)
        .values({ ...req.body, clientId: req.ctx.tenant() })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(409, 'template_exists', {}, { fields: { lang: 'template_exists' } });
      return { result: dto(row) };
    },
  );

  app.put(
    '/api/notif_template/:id',
    {
      schema: {
        tags,
        summary: 'Change a notification template',
        params: z.object({ id }),
        body: notifTemplateBody,
        response: { 200: resultOf(notifTemplateDto) },
      },
      config: { access: admin, params: { id: 'notif_template' } },
    },
    async (req) => {
      const row = await ownTemplate(req.ctx, req.params.id);
      // The code and language say which template this is; they are not changed by saving it.
      const body = { ...req.body, code: row.code, lang: row.lang };
      assertVariables(body);
      const [saved] = await req.ctx.db
        .update(notifTemplates)
        .set({ name: body.name, title: body.title, short: body.short, full: body.full })
        .where(eq(notifTemplates.id, row.id))
        .returning();
      return { result: dto(saved) };
    },
  );

  app.delete(
    '/api/notif_template/:id',
    {
      schema: {
        tags,
        summary: 'Delete a notification template (back to the shipped text)',
        params: z.object({ id }),
        response: { 200: resultOf(notifTemplateDto) },
      },
      config: { access: admin, params: { id: 'notif_template' } },
    },
    async (req) => {
      const row = await ownTemplate(req.ctx, req.params.id);
      await req.ctx.db.delete(notifTemplates).where(eq(notifTemplates.id, row.id));
      // What the code shows from now on: the shipped template.
      return { result: shipped(row.code, row.lang) };
    },
  );

  // The texts as people would get them, filled with sample values (escaped where shown, as every entry is).
  app.post(
    '/api/notif_template/preview',
    {
      schema: {
        tags,
        summary: 'Preview a notification template',
        body: notifTemplateBody,
        response: { 200: resultOf(notifTemplatePreview) },
      },
      config: { access: admin },
    },
    async (req) => {
      assertVariables(req.body);
      const { code, lang, title, short, full } = req.body;
      const custom = new Map([[`${code}:${lang}`, { title, short, full }]]);
      const rendered = render(code, [lang], SAMPLES, Number(SAMPLES.others), custom);
      return { result: { title: rendered.title, short: rendered.text, full: rendered.full } };
    },
  );
}
