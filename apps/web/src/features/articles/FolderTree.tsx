import type { ArticleTreeNode } from '@hallway/shared/articles';
import { ActionIcon, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconFolderOpen, IconHome } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { articleQueries } from './queries';
import { useArticlesTexts } from './texts';

export interface FolderTreeProps {
  /** The folder shown now (null: the top level). */
  current: string | null;
  onPick: (id: string | null) => void;
  /** The folders on the way to `current`, opened from the start. */
  open?: string[];
  /** A node the tree leaves out with everything below it (a folder cannot go into itself). */
  exclude?: string;
}

/**
 * The knowledge base's folders as a tree the person opens level by level (`access_for` for the top, `child/{id}`
 * below): only what they may read, in the arranged order.
 */
export function FolderTree({ current, onPick, open = [], exclude }: FolderTreeProps) {
  const { t } = useArticlesTexts();
  const { client, user } = useSession();
  const top = useQuery(
    articleQueries.firstPage(client?._id ?? '', user?._id ?? '', { section: 'article', sort: 'order' }),
  );
  const folders = (top.data?.result ?? []).filter((node) => node.type === 'folder' && node._id !== exclude);
  return (
    <Stack gap={0} component="nav" aria-label={t('tree.label')}>
      <NavLink
        label={t('home')}
        leftSection={<IconHome size={16} />}
        active={current === null}
        onClick={() => onPick(null)}
        aria-current={current === null ? 'page' : undefined}
      />
      {top.isLoading && <Loader size="xs" m="xs" />}
      {folders.map((folder) => (
        <Branch
          key={folder._id}
          node={{ _id: folder._id, title: folder.title, type: 'folder', parent: null, order: folder.order }}
          depth={1}
          current={current}
          onPick={onPick}
          open={open}
          exclude={exclude}
        />
      ))}
      {!top.isLoading && folders.length === 0 && (
        <Text size="xs" c="dimmed" px="sm" py={4}>
          {t('tree.empty')}
        </Text>
      )}
    </Stack>
  );
}

function Branch({
  node,
  depth,
  current,
  onPick,
  open,
  exclude,
}: {
  node: ArticleTreeNode;
  depth: number;
  current: string | null;
  onPick: (id: string | null) => void;
  open: string[];
  exclude?: string;
}) {
  const { t } = useArticlesTexts();
  const [expanded, setExpanded] = useState(open.includes(node._id));
  const children = useQuery({ ...articleQueries.tree('child', node._id), enabled: expanded });
  const folders = (children.data ?? []).filter((child) => child.type === 'folder' && child._id !== exclude);
  const active = current === node._id;
  return (
    <div>
      <Group gap={0} wrap="nowrap" pl={(depth - 1) * 14}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t(expanded ? 'tree.collapse' : 'tree.expand', { title: node.title })}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
        <NavLink
          label={node.title}
          leftSection={active || expanded ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
          active={active}
          onClick={() => onPick(node._id)}
          aria-current={active ? 'page' : undefined}
          style={{ flex: 1, minWidth: 0 }}
          py={4}
        />
      </Group>
      {expanded && (
        <div>
          {children.isLoading && <Loader size="xs" ml={depth * 14 + 24} />}
          {folders.map((child) => (
            <Branch
              key={child._id}
              node={child}
              depth={depth + 1}
              current={current}
              onPick={onPick}
              open={open}
              exclude={exclude}
            />
          ))}
        </div>
      )}
    </div>
  );
}
