import type { TagDto } from '@hallway/shared/articles';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { conflict, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { tagPolicy } from './policy.js';
import { type TagRow, tagLinks, tags } from './tables.js';

/** Tags per module (modules §3 "Tag", §7 "Tags"): a module's own list, attached to objects of its models. */
export const presentTag = (row: TagRow): TagDto => ({
  _id: row.id,
  client_id: row.clientId,
  module: row.module,
  name: row.name,
  tmpl: row.tmpl,
});

/** `GET api/tag/{client_id}/{module}`: the module's tags by name; `tmpl=1` the template tags only. */
export async function listTags(ctx: RequestContext, module: string, tmpl: boolean | undefined) {
  const rows = await ctx.db
    .select()
    .from(tags)
    .where(
      and(
        eq(tags.clientId, ctx.tenant()),
        eq(tags.module, module),
        ...(tmpl === undefined ? [] : [eq(tags.tmpl, tmpl)]),
      ),
    )
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return { result: rows.map(presentTag), can: tagPolicy(ctx, module) };
}

async function findTag(ctx: RequestContext, id: string): Promise<TagRow> {
  const [row] = await ctx.db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.clientId, ctx.tenant())));
  if (!row) throw notFound('tag_not_found');
  return row;
}

const taken = (err: unknown) => (err as { code?: string }).code === '23505';

/** `POST api/tag`: a new tag of a module (409 `tag_taken` for a name it has, in any case). */
export async function createTag(ctx: RequestContext, body: { module: string; name: string; tmpl: boolean }) {
  authorize(tagPolicy(ctx, body.module).edit);
  const [row] = await ctx.db
    .insert(tags)
    .values({ clientId: ctx.tenant(), module: body.module, name: body.name, tmpl: body.tmpl })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('tag_taken', 'name');
  return presentTag(row);
}

/** `PUT api/tags/{id}`: renames a tag or marks it a template. */
export async function updateTag(ctx: RequestContext, id: string, body: { name?: string; tmpl?: boolean }) {
  const tag = await findTag(ctx, id);
  authorize(tagPolicy(ctx, tag.module).edit);
  try {
    const [row] = await ctx.db.update(tags).set(body).where(eq(tags.id, id)).returning();
    return presentTag(row);
  } catch (err) {
    if (taken(err)) throw conflict('tag_taken', 'name');
    throw err;
  }
}

/** `DELETE api/tag/{client_id}/{tag_id}`: the tag leaves every object it was on. */
export async function deleteTag(ctx: RequestContext, id: string) {
  const tag = await findTag(ctx, id);
  authorize(tagPolicy(ctx, tag.module).edit);
  await ctx.db.delete(tags).where(eq(tags.id, id));
  return true;
}

/** Tags of the module attached to an object (the caller's policy said it may change the object). */
export async function attachTags(ctx: RequestContext, model: string, itemId: string, ids: string[], module: string) {
  if (!ids.length) return;
  const rows = await ctx.db
    .select()
    .from(tags)
    .where(and(eq(tags.clientId, ctx.tenant()), inArray(tags.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound('tag_not_found');
  if (rows.some((r) => r.module !== module)) throw conflict('tag_module_mismatch', 'tag_id');
  await ctx.db
    .insert(tagLinks)
    .values(rows.map((r) => ({ clientId: ctx.tenant(), tagId: r.id, model, itemId })))
    .onConflictDoNothing();
}

export async function detachTag(ctx: RequestContext, model: string, itemId: string, tagId: string) {
  await findTag(ctx, tagId);
  await ctx.db
    .delete(tagLinks)
    .where(and(eq(tagLinks.tagId, tagId), eq(tagLinks.model, model), eq(tagLinks.itemId, itemId)));
}

/** Drops the tags of deleted objects. */
export async function detachAll(ctx: RequestContext, model: string, itemIds: string[]) {
  if (!itemIds.length) return;
  await ctx.db
    .delete(tagLinks)
    .where(and(eq(tagLinks.clientId, ctx.tenant()), eq(tagLinks.model, model), inArray(tagLinks.itemId, itemIds)));
}

/** The tags of objects of a model, by object. */
export async function tagsOfItems(ctx: RequestContext, model: string, itemIds: string[]) {
  const byItem = new Map<string, TagDto[]>();
  if (!itemIds.length) return byItem;
  const rows = await ctx.db
    .select({ itemId: tagLinks.itemId, tag: tags })
    .from(tagLinks)
    .innerJoin(tags, eq(tags.id, tagLinks.tagId))
    .where(and(eq(tagLinks.clientId, ctx.tenant()), eq(tagLinks.model, model), inArray(tagLinks.itemId, itemIds)))
    .orderBy(asc(sql`lower(${tags.name})`));
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), presentTag(r.tag)]);
  return byItem;
}
