import '@xyflow/react/dist/style.css';
import dagre from '@dagrejs/dagre';
import type { StructureNodeDto } from '@hallway/shared';
import { ActionIcon, Badge, Box, Button, Group, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconDownload,
  IconFold,
  IconFoldDown,
  IconUsers,
} from '@tabler/icons-react';
import {
  Background,
  Controls,
  type Edge,
  getNodesBounds,
  getViewportForBounds,
  Handle,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { type DragEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../../app/session/context';
import { Avatar } from '../../ui/Avatar';
import { showError } from '../../ui/toast';
import { useStructureView } from './context';
import { useStructureTexts } from './texts';
import { visibleNodes } from './tree';

// When the diagram's code is ready, for the browser spec's figures beside `structure:data`.
performance.mark('structure:diagram-code');

export const NODE_WIDTH = 232;
export const NODE_HEIGHT = 92;

type DeptNodeData = { dept: StructureNodeDto; folded: boolean; selected: boolean };
type DeptNode = Node<DeptNodeData, 'dept'>;

/**
 * Positions of the departments on screen, laid out in layers (dagre), top-down; each line is named for screen
 * readers by `edgeLabel` (React Flow would read the ids).
 */
export function layout(
  root: StructureNodeDto,
  collapsed: ReadonlySet<string>,
  edgeLabel: (parent: StructureNodeDto, child: StructureNodeDto) => string,
) {
  const shown = visibleNodes(root, collapsed);
  const byId = new Map(shown.map(({ node }) => [node._id, node]));
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 64, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const { node } of shown) graph.setNode(node._id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const { node, parent } of shown) if (parent) graph.setEdge(parent, node._id);
  dagre.layout(graph);
  const nodes: DeptNode[] = shown.map(({ node }) => {
    const { x, y } = graph.node(node._id);
    return {
      id: node._id,
      type: 'dept',
      position: { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 },
      data: { dept: node, folded: collapsed.has(node._id), selected: false },
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      draggable: false,
      connectable: false,
    };
  });
  const edges: Edge[] = shown
    .filter(({ parent }) => parent)
    .map(({ node, parent }) => ({
      id: `${parent}-${node._id}`,
      source: parent!,
      target: node._id,
      type: 'smoothstep',
      ariaLabel: edgeLabel(byId.get(parent!)!, node),
    }));
  return { nodes, edges };
}

/** One department on the diagram: head's photo and name, the member count, fold/unfold of its branch. */
const DeptNodeView = memo(function DeptNodeView({ data }: NodeProps<DeptNode>) {
  const { t } = useStructureTexts();
  const view = useStructureView();
  const { dept, folded, selected } = data;
  const [over, setOver] = useState(false);
  const hasChildren = dept.children.length > 0;

  const onDragOver = (event: DragEvent) => {
    if (!view.canDrop(dept._id)) return;
    event.preventDefault();
    if (!over) setOver(true);
  };

  return (
    <Box
      data-testid="diagram-node"
      data-dept={dept._id}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        view.drop(dept._id);
      }}
      style={{
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        borderRadius: 'var(--mantine-radius-md)',
        border: `${selected || over ? 2 : 1}px solid ${
          selected || over ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'
        }`,
        background: over ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-body)',
        boxShadow: 'var(--mantine-shadow-xs)',
        position: 'relative',
      }}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} style={{ opacity: 0 }} />
      <UnstyledButton
        onClick={() => view.select(dept._id)}
        aria-label={t('panel.open', { name: dept.name })}
        aria-pressed={selected}
        p="xs"
        w="100%"
        h="100%"
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {dept.head ? (
            <Avatar
              person={{ _id: dept.head._id, name: dept.head.name, avatar: dept.head.avatar }}
              size={40}
              link={false}
            />
          ) : (
            <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden>
              <IconUsers size={20} />
            </ThemeIcon>
          )}
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" lineClamp={1} title={dept.name}>
              {dept.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {dept.head ? dept.head.name : t('noHead')}
            </Text>
            <Badge
              mt={4}
              size="sm"
              variant="light"
              leftSection={<IconUsers size={12} />}
              title={t('membersTotal', { count: dept.total })}
            >
              {dept.total}
            </Badge>
          </Box>
        </Group>
      </UnstyledButton>
      {hasChildren && (
        <ActionIcon
          size={28}
          radius="xl"
          variant="default"
          onClick={() => view.toggle(dept._id)}
          aria-label={folded ? t('expand', { name: dept.name }) : t('collapse', { name: dept.name })}
          aria-expanded={!folded}
          style={{ position: 'absolute', bottom: -14, left: NODE_WIDTH / 2 - 14, zIndex: 1 }}
        >
          {folded ? <IconChevronRight size={14} /> : <IconChevronDown size={14} />}
        </ActionIcon>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={{ opacity: 0 }} />
    </Box>
  );
});

const nodeTypes = { dept: DeptNodeView };

/**
 * Marks the moment the laid-out diagram is first on screen (the browser spec reads it): the first frame in which
 * the departments' boxes are in the page. Measured from the tree's data arriving (`structure:data`).
 */
function PaintMark() {
  useEffect(() => {
    let frame = 0;
    const check = () => {
      if (!document.querySelector('.react-flow__node')) {
        frame = requestAnimationFrame(check);
        return;
      }
      performance.mark('structure:diagram-painted');
      if (performance.getEntriesByName('structure:data').length) {
        performance.measure('structure:diagram-paint', 'structure:data', 'structure:diagram-painted');
      }
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}

/** Brings the department the search found into the middle of the view. */
function FlyTo({ focus, nodes }: { focus: { id: string; at: number } | null; nodes: DeptNode[] }) {
  const flow = useReactFlow();
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (!focus || done.current === focus.at) return;
    const node = nodes.find((one) => one.id === focus.id);
    if (!node) return;
    done.current = focus.at;
    void flow.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, {
      zoom: Math.max(flow.getZoom(), 1),
      duration: 500,
    });
  }, [focus, nodes, flow]);
  return null;
}

function download(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
}

/** PNG or SVG of the whole diagram, the way xyflow documents it: the viewport fitted to the nodes' bounds. */
function ExportMenu({ nodes }: { nodes: DeptNode[] }) {
  const { t } = useStructureTexts();
  const { colorScheme } = useSession();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'png' | 'svg') => {
    const viewport = document.querySelector<HTMLElement>('.react-flow__viewport');
    if (!viewport) return;
    setBusy(true);
    try {
      const { toPng, toSvg } = await import('html-to-image');
      const bounds = getNodesBounds(nodes);
      const width = Math.min(Math.max(bounds.width + 64, 400), 8000);
      const height = Math.min(Math.max(bounds.height + 64, 300), 8000);
      const fit = getViewportForBounds(bounds, width, height, 0.1, 1, 0.05);
      const options = {
        backgroundColor: colorScheme === 'dark' ? '#1a1b1e' : '#ffffff',
        width,
        height,
        style: {
          width: `${width}px`,
          height: `${height}px`,
          transform: `translate(${fit.x}px, ${fit.y}px) scale(${fit.zoom})`,
        },
      };
      const url = format === 'png' ? await toPng(viewport, options) : await toSvg(viewport, options);
      download(url, `structure.${format}`);
    } catch {
      showError(new Error(t('exportFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={busy}>
          {t('exportLabel')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('png')}>{t('exportPng')}</Menu.Item>
        <Menu.Item onClick={() => void run('svg')}>{t('exportSvg')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The diagram view: pan, zoom, fold branches, search flies to a department, export. */
export default function Diagram({
  focus,
  selected,
  collapsed,
  onExpandAll,
  onCollapseAll,
}: {
  focus: { id: string; at: number } | null;
  selected: string | null;
  collapsed: ReadonlySet<string>;
  onExpandAll: () => void;
  onCollapseAll: () => void;
}) {
  const { t } = useStructureTexts();
  const { colorScheme } = useSession();
  const view = useStructureView();
  const laidOut = useMemo(
    () =>
      layout(view.index.root, collapsed, (parent, child) => t('edgeLabel', { parent: parent.name, child: child.name })),
    [view.index.root, collapsed, t],
  );
  // React Flow's own labels, in the person's language.
  const ariaLabelConfig = useMemo(
    () => ({
      'controls.ariaLabel': t('controls.panel'),
      'controls.zoomIn.ariaLabel': t('controls.zoomIn'),
      'controls.zoomOut.ariaLabel': t('controls.zoomOut'),
      'controls.fitView.ariaLabel': t('controls.fitView'),
    }),
    [t],
  );
  // Only the selected node gets a new data object: the others keep theirs and their memoised views stay.
  const nodes = useMemo(
    () =>
      laidOut.nodes.map((node) => (node.id === selected ? { ...node, data: { ...node.data, selected: true } } : node)),
    [laidOut.nodes, selected],
  );
  const { edges } = laidOut;

  return (
    <ReactFlowProvider>
      <Group justify="space-between" p="xs" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Button size="xs" variant="subtle" leftSection={<IconFoldDown size={14} />} onClick={onExpandAll}>
            {t('expandAll')}
          </Button>
          <Button size="xs" variant="subtle" leftSection={<IconFold size={14} />} onClick={onCollapseAll}>
            {t('collapseAll')}
          </Button>
        </Group>
        <ExportMenu nodes={nodes} />
      </Group>
      <Box h={{ base: 460, sm: 600 }} aria-label={t('diagramLabel')} role="region">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          colorMode={colorScheme}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          fitView
          fitViewOptions={{ maxZoom: 1, padding: 0.1 }}
          minZoom={0.1}
          maxZoom={2}
          onlyRenderVisibleElements
          proOptions={{ hideAttribution: true }}
          ariaLabelConfig={ariaLabelConfig}
        >
          <Background gap={24} />
          <Controls showInteractive={false} />
          <PaintMark />
          <FlyTo focus={focus} nodes={nodes} />
        </ReactFlow>
      </Box>
    </ReactFlowProvider>
  );
}
