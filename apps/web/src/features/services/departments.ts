import type { StructureNodeDto } from '@hallway/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../app/session/context';
import { structureQueries } from '../structure';

/** Every department of the workspace's trees, as select options (its path as the label, so equal names differ). */
export function useDepartmentOptions(enabled = true) {
  const { client } = useSession();
  const trees = useQuery({ ...structureQueries.trees(client?._id ?? ''), enabled: enabled && !!client?._id });
  const options = useMemo(() => {
    const found: { value: string; label: string }[] = [];
    const walk = (node: StructureNodeDto, path: string[], root: boolean) => {
      const here = root ? path : [...path, node.name];
      if (!root) found.push({ value: node._id, label: here.join(' / ') });
      for (const child of node.children) walk(child, here, false);
    };
    for (const tree of trees.data?.result ?? []) {
      found.push({ value: tree.root._id, label: tree.root.name });
      walk(tree.root, [tree.root.name], true);
    }
    const seen = new Set<string>();
    return found.filter((option) => !seen.has(option.value) && seen.add(option.value));
  }, [trees.data]);
  return { options, loading: trees.isLoading };
}
