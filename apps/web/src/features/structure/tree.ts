import type { StructureNodeDto } from '@hallway/shared';

/** Where each department of a tree sits: its node, its parent's id and its depth (the root is 0). */
export interface TreeIndex {
  root: StructureNodeDto;
  byId: Map<string, { node: StructureNodeDto; parent: string | null; depth: number }>;
}

export function indexTree(root: StructureNodeDto): TreeIndex {
  const byId: TreeIndex['byId'] = new Map();
  const stack: { node: StructureNodeDto; parent: string | null; depth: number }[] = [
    { node: root, parent: null, depth: 0 },
  ];
  while (stack.length) {
    const entry = stack.pop()!;
    byId.set(entry.node._id, entry);
    for (const child of entry.node.children)
      stack.push({ node: child, parent: entry.node._id, depth: entry.depth + 1 });
  }
  return { root, byId };
}

/** The ids from the root down to `id` (both included); empty when the department is not in the tree. */
export function pathTo(index: TreeIndex, id: string): string[] {
  const path: string[] = [];
  let current: string | null = id;
  while (current) {
    const entry = index.byId.get(current);
    if (!entry) return [];
    path.unshift(current);
    current = entry.parent;
  }
  return path;
}

/** Whether `id` is `ancestor` itself or lies somewhere below it. */
export function isWithin(index: TreeIndex, id: string, ancestor: string): boolean {
  return pathTo(index, id).includes(ancestor);
}

/**
 * The rule of spec portal §5 "Structure", checked before the server is asked: a department cannot be moved into
 * itself or a department below it; the root does not move; dropping a department on its own parent changes nothing.
 */
export function canMoveTo(index: TreeIndex, departmentId: string, targetId: string): boolean {
  const moved = index.byId.get(departmentId);
  if (!moved || !index.byId.has(targetId)) return false;
  if (moved.parent === null) return false;
  if (moved.parent === targetId) return false;
  return !isWithin(index, targetId, departmentId);
}

/** The departments `departmentId` may be moved under, in tree order with their depth (for the "Move to" list). */
export function moveTargets(index: TreeIndex, departmentId: string): { node: StructureNodeDto; depth: number }[] {
  const found: { node: StructureNodeDto; depth: number }[] = [];
  const walk = (node: StructureNodeDto, depth: number) => {
    if (node._id === departmentId) return;
    if (canMoveTo(index, departmentId, node._id)) found.push({ node, depth });
    for (const child of node.children) walk(child, depth + 1);
  };
  walk(index.root, 0);
  return found;
}

/** At first the chart shows two levels (the root and its departments); every branch below is folded. */
export const OPEN_LEVELS = 2;

/** The departments folded at first: those at depth OPEN_LEVELS − 1 or deeper that have departments below. */
export function initiallyCollapsed(index: TreeIndex): Set<string> {
  const collapsed = new Set<string>();
  for (const [id, entry] of index.byId) {
    if (entry.depth >= OPEN_LEVELS - 1 && entry.node.children.length > 0) collapsed.add(id);
  }
  return collapsed;
}

/** The departments on screen: the tree walked from the root, not entering folded branches. */
export function visibleNodes(root: StructureNodeDto, collapsed: ReadonlySet<string>) {
  const nodes: { node: StructureNodeDto; parent: string | null; depth: number }[] = [];
  const walk = (node: StructureNodeDto, parent: string | null, depth: number) => {
    nodes.push({ node, parent, depth });
    if (collapsed.has(node._id)) return;
    for (const child of node.children) walk(child, node._id, depth + 1);
  };
  walk(root, null, 0);
  return nodes;
}

/** A copy of the tree with `departmentId` moved under `parentId` (the optimistic view of a move). */
export function moveNode(root: StructureNodeDto, departmentId: string, parentId: string): StructureNodeDto {
  const index = indexTree(root);
  if (!canMoveTo(index, departmentId, parentId)) return root;
  const moved = index.byId.get(departmentId)!.node;
  const without = (node: StructureNodeDto): StructureNodeDto => ({
    ...node,
    children: node.children.filter((child) => child._id !== departmentId).map(without),
  });
  const withMoved = (node: StructureNodeDto): StructureNodeDto =>
    node._id === parentId
      ? { ...node, children: [...node.children.map(withMoved), { ...moved, parent: parentId }] }
      : { ...node, children: node.children.map(withMoved) };
  return withMoved(without(root));
}
