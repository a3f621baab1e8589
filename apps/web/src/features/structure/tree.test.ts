import type { StructureNodeDto } from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import { canMoveTo, indexTree, initiallyCollapsed, moveNode, moveTargets, pathTo, visibleNodes } from './tree';

const dept = (id: string, children: StructureNodeDto[] = [], parent: string | null = null): StructureNodeDto => ({
  _id: id,
  type: 'administrative',
  name: id,
  description: '',
  parent,
  sort: 0,
  head: null,
  count: 0,
  total: 0,
  children: children.map((child) => ({ ...child, parent: id })),
  can: { edit: true, delete: true },
});

// root ─ sales ─ retail ─ stores
//      │       └ online
//      └ it ─ dev
const tree = dept('root', [
  dept('sales', [dept('retail', [dept('stores')]), dept('online')]),
  dept('it', [dept('dev')]),
]);
const index = indexTree(tree);

describe('the department move rule', () => {
  it('refuses moving a department into itself', () => {
    expect(canMoveTo(index, 'sales', 'sales')).toBe(false);
  });

  it('refuses moving a department into a department below it, at any depth', () => {
    expect(canMoveTo(index, 'sales', 'retail')).toBe(false);
    expect(canMoveTo(index, 'sales', 'stores')).toBe(false);
    expect(canMoveTo(index, 'sales', 'online')).toBe(false);
  });

  it('never moves the root, and treats dropping on the current parent as no move', () => {
    expect(canMoveTo(index, 'root', 'it')).toBe(false);
    expect(canMoveTo(index, 'retail', 'sales')).toBe(false);
  });

  it('allows a move into another branch or up the tree', () => {
    expect(canMoveTo(index, 'retail', 'it')).toBe(true);
    expect(canMoveTo(index, 'stores', 'root')).toBe(true);
    expect(canMoveTo(index, 'dev', 'online')).toBe(true);
  });

  it('refuses unknown departments', () => {
    expect(canMoveTo(index, 'sales', 'elsewhere')).toBe(false);
    expect(canMoveTo(index, 'elsewhere', 'it')).toBe(false);
  });

  it('offers in "Move to" only the allowed parents, in tree order', () => {
    expect(moveTargets(index, 'sales').map(({ node }) => node._id)).toEqual(['it', 'dev']);
    expect(moveTargets(index, 'stores').map(({ node }) => node._id)).toEqual(['root', 'sales', 'online', 'it', 'dev']);
  });

  it('moves a department with its branch in the optimistic copy, and leaves a refused move alone', () => {
    const moved = moveNode(tree, 'retail', 'it');
    const after = indexTree(moved);
    expect(pathTo(after, 'stores')).toEqual(['root', 'it', 'retail', 'stores']);
    expect(after.byId.get('sales')!.node.children.map((child) => child._id)).toEqual(['online']);
    expect(after.byId.get('retail')!.node.parent).toBe('it');
    expect(moveNode(tree, 'sales', 'stores')).toBe(tree);
  });
});

describe('folding', () => {
  it('shows two levels at first: the root and its departments, their branches folded', () => {
    const collapsed = initiallyCollapsed(index);
    expect([...collapsed].sort()).toEqual(['it', 'retail', 'sales']);
    expect(visibleNodes(tree, collapsed).map(({ node }) => node._id)).toEqual(['root', 'sales', 'it']);
    expect(visibleNodes(tree, new Set()).length).toBe(7);
  });
});
