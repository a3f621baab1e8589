import type { StructureNodeDto } from '@hallway/shared';
import { ActionIcon, Badge, Box, Button, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowsMove,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFold,
  IconFoldDown,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { type DragEvent, memo, useEffect, useRef, useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { useStructureView } from './context';
import { useStructureTexts } from './texts';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The menu of a department: add below, rename, move, delete (only for those who may edit). */
export function DepartmentMenu({ node }: { node: StructureNodeDto }) {
  const { t } = useStructureTexts();
  const view = useStructureView();
  if (!view.canEdit) return null;
  const isRoot = node.parent === null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('department.actions', { name: node.name })}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => view.act('add', node)}>
          {t('department.add')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => view.act('edit', node)}>
          {t('department.rename')}
        </Menu.Item>
        {!isRoot && (
          <Menu.Item leftSection={<IconArrowsMove size={14} />} onClick={() => view.act('move', node)}>
            {t('department.move')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => view.act('delete', node)}>
          {t('department.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface RowProps {
  node: StructureNodeDto;
  depth: number;
  collapsed: ReadonlySet<string>;
  selected: string | null;
}

/** One department of the tree and, unless folded, the departments below it. */
const TreeRow = memo(function TreeRow({ node, depth, collapsed, selected }: RowProps) {
  const { t } = useStructureTexts();
  const view = useStructureView();
  const [over, setOver] = useState(false);
  const folded = collapsed.has(node._id);
  const isSelected = selected === node._id;
  const movable = view.canEdit && node.parent !== null;
  const rowRef = useRef<HTMLDivElement>(null);
  // A department found by the search (or just added) is scrolled into view.
  useEffect(() => {
    if (isSelected) rowRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isSelected]);

  const onDragStart = (event: DragEvent) => {
    view.dragged.current = { kind: 'dept', id: node._id };
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', node.name);
    event.stopPropagation();
  };
  const onDragOver = (event: DragEvent) => {
    if (!view.canDrop(node._id)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    view.drop(node._id);
  };

  return (
    <li>
      <Group
        ref={rowRef}
        gap={4}
        wrap="nowrap"
        data-testid="tree-row"
        data-dept={node._id}
        data-drop={over || undefined}
        draggable={movable}
        onDragStart={movable ? onDragStart : undefined}
        onDragEnd={() => {
          view.dragged.current = null;
        }}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        pl={depth * 20}
        pr={4}
        py={2}
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          outline: over ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
          background: isSelected || over ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        {movable ? (
          <Box c="dimmed" style={{ cursor: 'grab', display: 'flex' }} aria-hidden>
            <IconGripVertical size={14} />
          </Box>
        ) : (
          <Box w={14} />
        )}
        {node.children.length > 0 ? (
          <ActionIcon
            size={28}
            variant="subtle"
            color="gray"
            onClick={() => view.toggle(node._id)}
            aria-label={folded ? t('expand', { name: node.name }) : t('collapse', { name: node.name })}
            aria-expanded={!folded}
          >
            {folded ? <IconChevronRight size={14} /> : <IconChevronDown size={14} />}
          </ActionIcon>
        ) : (
          <Box w={28} />
        )}
        <UnstyledButton
          onClick={() => view.select(node._id)}
          aria-pressed={isSelected}
          style={{ flex: 1, minWidth: 0 }}
          py={4}
        >
          <Group gap="xs" wrap="nowrap">
            {node.head && (
              <Avatar
                person={{ _id: node.head._id, name: node.head.name, avatar: node.head.avatar }}
                size={24}
                link={false}
              />
            )}
            <Text size="sm" fw={depth === 0 ? 700 : 500} truncate>
              {node.name}
            </Text>
          </Group>
        </UnstyledButton>
        <Badge
          size="sm"
          variant="light"
          color="gray"
          leftSection={<IconUsers size={12} />}
          title={t('membersTotal', { count: node.total })}
        >
          {node.total}
        </Badge>
        <DepartmentMenu node={node} />
      </Group>
      {!folded && node.children.length > 0 && (
        <ul style={listStyle}>
          {node.children.map((child) => (
            <TreeRow key={child._id} node={child} depth={depth + 1} collapsed={collapsed} selected={selected} />
          ))}
        </ul>
      )}
    </li>
  );
});

/** The tree view: departments with drag and drop, their menus, people dropped on a department move there. */
export function TreeView({
  selected,
  collapsed,
  onExpandAll,
  onCollapseAll,
}: {
  selected: string | null;
  collapsed: ReadonlySet<string>;
  onExpandAll: () => void;
  onCollapseAll: () => void;
}) {
  const { t } = useStructureTexts();
  const view = useStructureView();
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        {view.canEdit ? (
          <Text size="xs" c="dimmed" maw={520}>
            {t('department.dragHint')}
          </Text>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button size="xs" variant="subtle" leftSection={<IconFoldDown size={14} />} onClick={onExpandAll}>
            {t('expandAll')}
          </Button>
          <Button size="xs" variant="subtle" leftSection={<IconFold size={14} />} onClick={onCollapseAll}>
            {t('collapseAll')}
          </Button>
        </Group>
      </Group>
      <section aria-label={t('treeLabel')}>
        <ul style={listStyle}>
          <TreeRow node={view.index.root} depth={0} collapsed={collapsed} selected={selected} />
        </ul>
      </section>
    </Stack>
  );
}
