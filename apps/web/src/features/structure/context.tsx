import type { StructureNodeDto, StructureType } from '@hallway/shared';
import { createContext, useContext } from 'react';
import type { TreeIndex } from './tree';

/** What is being dragged: a department (to move it) or a person (to move them to another department). */
export type Dragged = { kind: 'dept'; id: string } | { kind: 'person'; id: string; name: string; from: string };

/**
 * The page's actions, read by the diagram's nodes, the tree's rows and the department panel. It changes only with
 * the tree itself, so memoised nodes do not redraw when the selection or the folding changes (those come as props).
 */
export interface StructureView {
  clientId: string;
  type: StructureType;
  index: TreeIndex;
  canEdit: boolean;
  select(id: string): void;
  toggle(id: string): void;
  /** Opens the dialogs of the department's menu. */
  act(action: 'add' | 'edit' | 'move' | 'delete', node: StructureNodeDto): void;
  dragged: { current: Dragged | null };
  /** Whatever is being dragged may be dropped on `targetId`. */
  canDrop(targetId: string): boolean;
  drop(targetId: string): void;
}

export const StructureContext = createContext<StructureView | null>(null);

export function useStructureView(): StructureView {
  const view = useContext(StructureContext);
  if (!view) throw new Error('useStructureView outside of the structure page');
  return view;
}
