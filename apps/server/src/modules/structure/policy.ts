import type { StructureNodeDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';

/**
 * What one person may do with the company structure (portal §5 Structure): administrators edit every tree —
 * departments, their members and heads, the HR-system load. The service checks `edit` before every change and the
 * trees answer it as `can`, so the web's buttons and the server's refusals agree.
 */
export function structurePolicy(ctx: RequestContext): { edit: boolean } {
  return { edit: ctx.isAdmin };
}

/** What the person may do with one department: edit it, and delete it when it is not a root and nobody works there. */
export function departmentPolicy(
  ctx: RequestContext,
  node: Pick<StructureNodeDto, 'parent' | 'total'>,
): StructureNodeDto['can'] {
  const { edit } = structurePolicy(ctx);
  return { edit, delete: edit && node.parent !== null && node.total === 0 };
}
