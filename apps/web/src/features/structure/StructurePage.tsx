import { STRUCTURE_TYPES, type StructureNodeDto, type StructureType } from '@hallway/shared';
import { Box, Button, Card, Grid, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconFileImport, IconHierarchy2, IconListTree } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { errorText } from '../../i18n/errors';
import { PageHeader } from '../../ui/PageHeader';
import { LoadingState, QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import type { StructureTree } from './api';
import { type Dragged, StructureContext, type StructureView } from './context';
import { DepartmentDialogs, type DialogState } from './DepartmentDialogs';
import { DepartmentPanel } from './DepartmentPanel';
import { LoadStructModal } from './LoadStructModal';
import { PersonSearch } from './PersonSearch';
import { structureMutations, structureQueries } from './queries';
import { TreeView } from './TreeView';
import { useStructureTexts } from './texts';
import { canMoveTo, indexTree, initiallyCollapsed, pathTo } from './tree';

// The diagram brings @xyflow/react and the layout, in a chunk of its own. It starts loading with this page, beside
// the trees' data, so the first paint of the diagram does not wait for the data and then for the code.
const loadDiagram = () => import('./Diagram');
const diagramModule = loadDiagram();
const LazyDiagram = lazy(() => diagramModule.catch(loadDiagram));
// Once the code is here the diagram renders at once, without a round through Suspense (which holds a fallback a
// little before showing what replaced it).
let LoadedDiagram: typeof import('./Diagram').default | null = null;
diagramModule.then(
  (module) => {
    LoadedDiagram = module.default;
  },
  () => undefined,
);

type ViewKind = 'diagram' | 'tree';

/** /structure_new (spec portal §2): the workspace's four trees as a diagram or an editable tree, with a panel. */
export default function StructurePage() {
  const { t } = useStructureTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const [params, setParams] = useSearchParams();
  const type = (STRUCTURE_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as StructureType)
    : 'administrative';
  const view: ViewKind = params.get('view') === 'tree' ? 'tree' : 'diagram';
  const setParam = (key: string, value: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const trees = useQuery(structureQueries.trees(clientId));
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (trees.data) performance.mark('structure:data');
  }, [trees.data]);

  const typeOptions = STRUCTURE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }));
  const viewOptions = [
    { value: 'diagram', label: t('diagram') },
    { value: 'tree', label: t('tree') },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          trees.data?.can.edit && (
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setLoading(true)}>
              {t('load.open')}
            </Button>
          )
        }
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Box visibleFrom="md">
          <SegmentedControl
            aria-label={t('typeLabel')}
            data={typeOptions}
            value={type}
            onChange={(value) => setParam('type', value)}
          />
        </Box>
        <Select
          hiddenFrom="md"
          label={t('typeLabel')}
          data={typeOptions}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && setParam('type', value)}
          w={200}
        />
        <SegmentedControl
          aria-label={t('viewLabel')}
          data={viewOptions.map((option) => ({
            value: option.value,
            label: (
              <Group gap={6} wrap="nowrap" justify="center">
                {option.value === 'diagram' ? <IconHierarchy2 size={16} /> : <IconListTree size={16} />}
                <span>{option.label}</span>
              </Group>
            ),
          }))}
          value={view}
          onChange={(value) => setParam('view', value)}
        />
      </Group>
      <QueryState query={trees} loading={<LoadingState minHeight={320} />}>
        {(data) => {
          const tree = data.result.find((one) => one.type === type) ?? data.result[0];
          return tree ? (
            <StructureWorkspace key={tree.type} clientId={clientId} tree={tree} canEdit={data.can.edit} view={view} />
          ) : null;
        }}
      </QueryState>
      <LoadStructModal clientId={clientId} opened={loading} onClose={() => setLoading(false)} />
    </Stack>
  );
}

function DiagramView(props: ComponentProps<typeof LazyDiagram>) {
  const Loaded = LoadedDiagram;
  return Loaded ? <Loaded {...props} /> : <LazyDiagram {...props} />;
}

function StructureWorkspace({
  clientId,
  tree,
  canEdit,
  view,
}: {
  clientId: string;
  tree: StructureTree;
  canEdit: boolean;
  view: ViewKind;
}) {
  const { t } = useStructureTexts();
  const queryClient = useQueryClient();
  const index = useMemo(() => indexTree(tree.root), [tree.root]);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => initiallyCollapsed(index));
  const [selected, setSelected] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ id: string; at: number } | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const dragged = useRef<Dragged | null>(null);
  const move = useMutation(structureMutations.move(queryClient, clientId));
  const setMembers = useMutation(structureMutations.setMembers(queryClient));

  // A department that disappeared (deleted, or the tree changed) is no longer selected.
  const selectedNode = selected ? index.byId.get(selected)?.node : undefined;

  const toggle = useCallback((id: string) => {
    setCollapsed((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  /**
   * Unfolds the way down to a department, selects it and brings it into view. A department just created may not be
   * in the tree yet: the unfolding waits until the tree that has it arrives.
   */
  const [revealing, setRevealing] = useState<string | null>(null);
  const reveal = useCallback((id: string) => {
    setRevealing(id);
    setSelected(id);
    setFocus({ id, at: Date.now() });
  }, []);
  useEffect(() => {
    if (!revealing) return;
    const path = pathTo(index, revealing);
    if (!path.length) return;
    setRevealing(null);
    setCollapsed((old) => {
      if (!path.slice(0, -1).some((ancestor) => old.has(ancestor))) return old;
      const next = new Set(old);
      for (const ancestor of path.slice(0, -1)) next.delete(ancestor);
      return next;
    });
  }, [revealing, index]);

  const canDrop = useCallback(
    (targetId: string) => {
      const item = dragged.current;
      if (!item || !canEdit) return false;
      if (item.kind === 'dept') return canMoveTo(index, item.id, targetId);
      return item.from !== targetId;
    },
    [index, canEdit],
  );

  const drop = useCallback(
    (targetId: string) => {
      const item = dragged.current;
      dragged.current = null;
      if (!item || !canEdit) return;
      const target = index.byId.get(targetId)?.node;
      if (!target) return;
      if (item.kind === 'dept') {
        if (!canMoveTo(index, item.id, targetId)) return;
        move.mutate(
          { id: item.id, parent: targetId },
          { onSuccess: () => showSuccess(t('department.moved')), onError: showError },
        );
      } else if (item.from !== targetId) {
        setMembers.mutate(
          { dept_id: targetId, users: [item.id] },
          {
            onSuccess: () => showSuccess(t('panel.movedPerson', { name: item.name, dept: target.name })),
            onError: showError,
          },
        );
      }
    },
    [index, canEdit, move, setMembers, t],
  );

  const act = useCallback((action: DialogState['action'], node: StructureNodeDto) => setDialog({ action, node }), []);

  const value = useMemo<StructureView>(
    () => ({
      clientId,
      type: tree.type,
      index,
      canEdit,
      select: setSelected,
      toggle,
      act,
      dragged,
      canDrop,
      drop,
    }),
    [clientId, tree.type, index, canEdit, toggle, act, canDrop, drop],
  );

  const expandAll = () => setCollapsed(new Set());
  const collapseAll = () => setCollapsed(initiallyCollapsed(index));

  return (
    <StructureContext.Provider value={value}>
      <Stack gap="sm">
        <PersonSearch clientId={clientId} type={tree.type} onFound={reveal} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: selectedNode ? 8 : 12 }}>
            <Card withBorder radius="lg" padding={view === 'diagram' ? 0 : 'md'}>
              {view === 'diagram' ? (
                <Suspense fallback={<LoadingState minHeight={480} />}>
                  <DiagramView
                    focus={focus}
                    selected={selected}
                    collapsed={collapsed}
                    onExpandAll={expandAll}
                    onCollapseAll={collapseAll}
                  />
                </Suspense>
              ) : (
                <TreeView
                  selected={selected}
                  collapsed={collapsed}
                  onExpandAll={expandAll}
                  onCollapseAll={collapseAll}
                />
              )}
            </Card>
            {move.isError && (
              <Text size="sm" c="red" role="alert" mt="xs">
                {errorText(move.error)}
              </Text>
            )}
          </Grid.Col>
          {selectedNode && (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <DepartmentPanel clientId={clientId} node={selectedNode} onClose={() => setSelected(null)} />
            </Grid.Col>
          )}
        </Grid>
      </Stack>
      <DepartmentDialogs
        state={dialog}
        isRoot={dialog?.node._id === tree.root._id}
        onClose={() => setDialog(null)}
        onCreated={reveal}
        onDeleted={() => setSelected(null)}
      />
    </StructureContext.Provider>
  );
}
