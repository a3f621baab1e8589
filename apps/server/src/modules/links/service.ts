import type { LinkBlockDto } from '@hallway/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { linksPolicy } from './policy.js';
import { type LinkBlockRow, type LinkRow, linkBlocks, links } from './tables.js';

function present(ctx: RequestContext, block: LinkBlockRow, rows: LinkRow[]): LinkBlockDto {
  return {
    _id: block.id,
    client_id: block.clientId,
    module: block.module,
    enabled: block.enabled,
    links: rows.map((l) => ({ _id: l.id, title: l.title, link: l.url })),
    can: { edit: linksPolicy(ctx).edit },
  };
}

async function linksOf(ctx: RequestContext, blockIds: string[]): Promise<Map<string, LinkRow[]>> {
  const byBlock = new Map<string, LinkRow[]>(blockIds.map((id) => [id, []]));
  if (!blockIds.length) return byBlock;
  const rows = await ctx.db
    .select()
    .from(links)
    .where(and(eq(links.clientId, ctx.tenant()), inArray(links.blockId, blockIds)))
    .orderBy(asc(links.position), asc(links.created), asc(links.id));
  for (const row of rows) byBlock.get(row.blockId)?.push(row);
  return byBlock;
}

async function presentBlock(ctx: RequestContext, block: LinkBlockRow) {
  return present(ctx, block, (await linksOf(ctx, [block.id])).get(block.id) ?? []);
}

/** A block of the caller's workspace; a switched-off one only for administrators (it is hidden from others). */
async function findBlock(ctx: RequestContext, id: string, lock = false): Promise<LinkBlockRow> {
  const query = ctx.db
    .select()
    .from(linkBlocks)
    .where(and(eq(linkBlocks.id, id), eq(linkBlocks.clientId, ctx.tenant())));
  const [block] = lock ? await query.for('update') : await query;
  if (!block || (!block.enabled && !linksPolicy(ctx).seeDisabled)) throw notFound('link_block_not_found');
  return block;
}

/** `GET api/links_block/{client_id}/{module}`: the module's blocks; switched-off ones only for administrators. */
export async function blocksOfModule(ctx: RequestContext, module: string): Promise<LinkBlockDto[]> {
  const conditions = [eq(linkBlocks.clientId, ctx.tenant()), eq(linkBlocks.module, module)];
  if (!linksPolicy(ctx).seeDisabled) conditions.push(eq(linkBlocks.enabled, true));
  const blocks = await ctx.db
    .select()
    .from(linkBlocks)
    .where(and(...conditions));
  const byBlock = await linksOf(
    ctx,
    blocks.map((b) => b.id),
  );
  return blocks.map((b) => present(ctx, b, byBlock.get(b.id) ?? []));
}

export async function getBlock(ctx: RequestContext, id: string) {
  return presentBlock(ctx, await findBlock(ctx, id));
}

/**
 * `PUT api/links_block/toggle`: switches the module's useful-links widget on or off (to `enabled`, or the other
 * way when it is left out). The first call for a module creates its block, switched on.
 */
export async function toggleBlock(ctx: RequestContext, module: string, enabled: boolean | undefined) {
  authorize(linksPolicy(ctx).edit);
  const clientId = ctx.tenant();
  const [block] = await ctx.db
    .insert(linkBlocks)
    .values({ clientId, module, enabled: enabled ?? true })
    .onConflictDoUpdate({
      target: [linkBlocks.clientId, linkBlocks.module],
      set: { enabled: enabled ?? sql`NOT ${linkBlocks.enabled}`, updated: sql`now()` },
    })
    .returning();
  return presentBlock(ctx, block);
}

export async function addLink(ctx: RequestContext, blockId: string, link: { title: string; link: string }) {
  authorize(linksPolicy(ctx).edit);
  const block = await findBlock(ctx, blockId, true);
  const [last] = await ctx.db
    .select({ position: sql<number>`coalesce(max(${links.position}), -1)::int` })
    .from(links)
    .where(eq(links.blockId, block.id));
  await ctx.db.insert(links).values({
    clientId: block.clientId,
    blockId: block.id,
    title: link.title,
    url: link.link,
    position: last.position + 1,
  });
  return presentBlock(ctx, block);
}

export async function updateLink(
  ctx: RequestContext,
  blockId: string,
  link: { _id: string; title: string; link: string },
) {
  authorize(linksPolicy(ctx).edit);
  const block = await findBlock(ctx, blockId, true);
  const changed = await ctx.db
    .update(links)
    .set({ title: link.title, url: link.link })
    .where(and(eq(links.id, link._id), eq(links.blockId, block.id)))
    .returning({ id: links.id });
  if (!changed.length) throw notFound('link_not_found');
  return presentBlock(ctx, block);
}

export async function deleteLink(ctx: RequestContext, blockId: string, linkId: string) {
  authorize(linksPolicy(ctx).edit);
  const block = await findBlock(ctx, blockId, true);
  const gone = await ctx.db
    .delete(links)
    .where(and(eq(links.id, linkId), eq(links.blockId, block.id)))
    .returning({ id: links.id });
  if (!gone.length) throw notFound('link_not_found');
  return presentBlock(ctx, block);
}
