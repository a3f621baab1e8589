import type { ArticleItem, ArticleTreeNode } from '@hallway/shared/articles';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconEye,
  IconFileText,
  IconFolder,
  IconFolderPlus,
  IconFolderSymlink,
  IconGripVertical,
  IconLock,
  IconPencil,
  IconPlus,
  IconSearch,
  IconStar,
  IconStarFilled,
  IconTransform,
  IconTrash,
} from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { LinksWidget } from '../wall';
import type { ListFilter } from './api';
import { DeleteDialog, MoveModal, NameModal, RightsModal } from './dialogs';
import { Files } from './Files';
import { FolderTree } from './FolderTree';
import { articleMutations, articleQueries } from './queries';
import { TagPicker } from './TagPicker';
import { useArticlesTexts } from './texts';
import './articles.css';

type Sort = 'order' | 'newest' | 'popular';
type Dialog =
  | { kind: 'create'; type: 'folder' | 'article' }
  | { kind: 'rename' | 'move' | 'delete'; node: ArticleItem }
  | { kind: 'rights'; id: string }
  | null;

/** /articles/ and /articles/:parent (modules §2): the tree, a folder's content, search, tags and favourites. */
export default function ArticlesPage() {
  const { t, lang } = useArticlesTexts();
  const { parent = null } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { client: workspace, user } = useSession();
  const clientId = workspace?._id ?? '';
  const userId = user?._id ?? '';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [tags, setTags] = useState<string[]>([]);
  const [favourites, setFavourites] = useState(false);
  const [sort, setSort] = useState<Sort>('order');
  const [dialog, setDialog] = useState<Dialog>(null);
  const filtering = !!debounced || tags.length > 0 || favourites;

  const filter: ListFilter = {
    section: 'article',
    sort,
    ...(filtering ? { full: '1' } : {}),
    ...(parent ? { parent } : {}),
    ...(debounced ? { search: debounced } : {}),
    ...(tags.length ? { tags } : {}),
    ...(favourites ? { favourites: '1' } : {}),
  };
  const list = useInfiniteQuery(articleQueries.list(clientId, userId, filter));
  const folder = useQuery({ ...articleQueries.node(parent ?? ''), enabled: !!parent });
  const crumbs = useQuery({ ...articleQueries.tree('breadcrumbs', parent ?? ''), enabled: !!parent });
  const swap = useMutation(articleMutations.swap(client, clientId));
  const favourite = useMutation(articleMutations.favourite(client));
  const flatten = useMutation(articleMutations.emptyAsArticles(client));
  const nodes = list.data?.pages.flatMap((page) => page.result) ?? [];
  const canCreate = list.data?.pages[0]?.can.create ?? false;
  const arranging = sort === 'order' && !filtering;
  const here = folder.data;
  const path: ArticleTreeNode[] = crumbs.data ?? [];

  const move = (index: number, step: -1 | 1) => {
    const from = nodes[index];
    const to = nodes[index + step];
    if (from && to) swap.mutate({ from: from._id, to: to._id }, { onError: showError });
  };

  const title = here?.title ?? t('title');
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={
          parent ? (
            <Breadcrumbs separator="›" aria-label={t('breadcrumbs')}>
              <Anchor component={Link} to="/articles/" size="sm">
                {t('home')}
              </Anchor>
              {path
                .filter((step) => step._id !== parent)
                .map((step) => (
                  <Anchor key={step._id} component={Link} to={`/articles/${step._id}`} size="sm">
                    {step.title}
                  </Anchor>
                ))}
            </Breadcrumbs>
          ) : (
            t('menuHint')
          )
        }
        actions={
          <>
            {canCreate && (
              <>
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setDialog({ kind: 'create', type: 'article' })}
                >
                  {t('actions.newArticle')}
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconFolderPlus size={16} />}
                  onClick={() => setDialog({ kind: 'create', type: 'folder' })}
                >
                  {t('actions.newFolder')}
                </Button>
              </>
            )}
            {here && (here.can.edit || here.can.rights || here.can.delete) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="default" size="lg" aria-label={t('actions.more', { title: here.title })}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {here.can.edit && (
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setDialog({ kind: 'rename', node: here })}
                    >
                      {t('actions.rename')}
                    </Menu.Item>
                  )}
                  {here.can.edit && (
                    <Menu.Item
                      leftSection={<IconFolderSymlink size={14} />}
                      onClick={() => setDialog({ kind: 'move', node: here })}
                    >
                      {t('actions.move')}
                    </Menu.Item>
                  )}
                  {here.can.rights && (
                    <Menu.Item
                      leftSection={<IconLock size={14} />}
                      onClick={() => setDialog({ kind: 'rights', id: here._id })}
                    >
                      {t('actions.rights')}
                    </Menu.Item>
                  )}
                  {here.can.edit && (
                    <Menu.Item
                      leftSection={<IconTransform size={14} />}
                      onClick={() =>
                        flatten.mutate(here._id, {
                          onSuccess: ({ changed }) => showSuccess(t('actions.emptyAsArticlesDone', { count: changed })),
                          onError: showError,
                        })
                      }
                    >
                      {t('actions.emptyAsArticles')}
                    </Menu.Item>
                  )}
                  {here.can.delete && (
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setDialog({ kind: 'delete', node: here })}
                    >
                      {t('actions.delete')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="xs" visibleFrom="md">
              <FolderTree
                key={parent ?? 'top'}
                current={parent}
                open={path.map((step) => step._id)}
                onPick={(id) => navigate(id ? `/articles/${id}` : '/articles/')}
              />
            </Paper>
            <LinksWidget clientId={clientId} enabled module="knowl_base" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                style={{ flex: '1 1 220px' }}
                label={t('list.search')}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                type="search"
              />
              <Box style={{ flex: '1 1 200px' }}>
                <TagPicker
                  clientId={clientId}
                  module="knowl_base"
                  label={t('list.tags')}
                  value={tags}
                  onChange={setTags}
                  creatable={false}
                />
              </Box>
              <Select
                w={170}
                label={t('list.sort')}
                value={sort}
                allowDeselect={false}
                onChange={(value) => setSort((value as Sort) ?? 'order')}
                data={[
                  { value: 'order', label: t('list.sortOrder') },
                  { value: 'newest', label: t('list.sortNewest') },
                  { value: 'popular', label: t('list.sortPopular') },
                ]}
              />
              <Switch
                label={t('list.favourites')}
                checked={favourites}
                onChange={(event) => setFavourites(event.currentTarget.checked)}
                mb={8}
              />
            </Group>
            {filtering && list.data && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('list.results', { count: list.data.pages[0]?.total ?? 0 })}
              </Text>
            )}
            {list.isPending ? (
              <SkeletonRows rows={5} label={t('list.loading')} />
            ) : list.isError ? (
              <ErrorState error={list.error} onRetry={() => void list.refetch()} />
            ) : nodes.length === 0 ? (
              <EmptyState
                icon={favourites ? <IconStar size={28} /> : undefined}
                title={
                  favourites ? t('list.noFavouritesTitle') : filtering ? t('list.noResultsTitle') : t('list.emptyTitle')
                }
                description={
                  favourites
                    ? t('list.noFavouritesText')
                    : filtering
                      ? t('list.noResultsText')
                      : canCreate
                        ? t('list.emptyText')
                        : t('list.emptyReadText')
                }
              />
            ) : (
              <Stack gap={6} component="ul" className="hw-kb-list" aria-label={title}>
                {nodes.map((node, index) => (
                  <NodeRow
                    key={node._id}
                    node={node}
                    lang={lang}
                    arranging={arranging && node.can.edit}
                    first={index === 0}
                    last={index === nodes.length - 1}
                    onMove={(step) => move(index, step)}
                    onDropOn={(from) =>
                      from !== node._id && swap.mutate({ from, to: node._id }, { onError: showError })
                    }
                    onFavourite={() =>
                      favourite.mutate({ id: node._id, favourite: !node.favourite }, { onError: showError })
                    }
                    onAction={(kind) => setDialog(kind === 'rights' ? { kind, id: node._id } : { kind, node })}
                  />
                ))}
              </Stack>
            )}
            <LoadMore query={list} label={t('list.more')} />
            {here && here.type === 'folder' && (here.files.length > 0 || here.can.files) && (
              <Files id={here._id} files={here.files} editable={here.can.files} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog?.kind === 'create' && (
        <NameModal
          opened
          type={dialog.type}
          parent={parent}
          onClose={() => setDialog(null)}
          onSaved={(saved) =>
            navigate(saved.type === 'article' ? `/article/${saved._id}?edit=1` : `/articles/${saved._id}`)
          }
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameModal opened type={dialog.node.type} parent={parent} node={dialog.node} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'move' && <MoveModal node={dialog.node} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rights' && <RightsLoader id={dialog.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          node={dialog.node}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            if (dialog.node._id === parent) navigate(here?.parent ? `/articles/${here.parent}` : '/articles/');
          }}
        />
      )}
    </Stack>
  );
}

/** The rights dialog needs the node's grants, which only its full answer carries. */
function RightsLoader({ id, onClose }: { id: string; onClose: () => void }) {
  const node = useQuery(articleQueries.node(id));
  return node.data ? <RightsModal node={node.data} onClose={onClose} /> : null;
}

const DRAG_TYPE = 'application/x-hallway-article';

function NodeRow({
  node,
  lang,
  arranging,
  first,
  last,
  onMove,
  onDropOn,
  onFavourite,
  onAction,
}: {
  node: ArticleItem;
  lang: string;
  arranging: boolean;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onDropOn: (from: string) => void;
  onFavourite: () => void;
  onAction: (kind: 'rename' | 'move' | 'rights' | 'delete') => void;
}) {
  const { t } = useArticlesTexts();
  const [over, setOver] = useState(false);
  const folder = node.type === 'folder';
  const to = folder ? `/articles/${node._id}` : `/article/${node._id}`;
  const drop = {
    onDragOver: (event: DragEvent) => {
      if (!arranging || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent) => {
      setOver(false);
      const from = event.dataTransfer.getData(DRAG_TYPE);
      if (from) {
        event.preventDefault();
        onDropOn(from);
      }
    },
  };
  return (
    <Paper component="li" withBorder radius="md" p="sm" className="hw-kb-row" data-over={over || undefined} {...drop}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        {arranging && (
          <ActionIcon
            variant="subtle"
            color="gray"
            className="hw-kb-grip"
            draggable
            aria-label={t('list.drag', { title: node.title })}
            title={t('list.dragHint')}
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, node._id);
              event.dataTransfer.effectAllowed = 'move';
            }}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        <ThemeIcon variant="light" color={folder ? 'yellow' : 'blue'} size="lg" radius="md" aria-hidden>
          {folder ? <IconFolder size={18} /> : <IconFileText size={18} />}
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={to} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {node.title}
          </Anchor>
          {node.snippet && <Snippet html={node.snippet} />}
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {folder ? t('list.folder') : t('list.updated', { date: formatDay(node.updated, lang as never) })}
            </Text>
            {!folder && (
              <Group gap={2} wrap="nowrap">
                <IconEye size={12} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t('list.views', { count: node.views })}
                </Text>
              </Group>
            )}
            {node.tags.map((tag) => (
              <Badge key={tag._id} size="xs" variant="light" color="gray">
                {tag.name}
              </Badge>
            ))}
          </Group>
        </Stack>
        {!folder && (
          <ActionIcon
            variant="subtle"
            color={node.favourite ? 'yellow' : 'gray'}
            aria-label={t(node.favourite ? 'actions.unfavourite' : 'actions.favourite')}
            aria-pressed={node.favourite}
            onClick={onFavourite}
          >
            {node.favourite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
          </ActionIcon>
        )}
        {(node.can.edit || node.can.delete || node.can.rights) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('actions.more', { title: node.title })}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {arranging && (
                <>
                  <Menu.Item leftSection={<IconArrowUp size={14} />} disabled={first} onClick={() => onMove(-1)}>
                    {t('actions.moveUp')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconArrowDown size={14} />} disabled={last} onClick={() => onMove(1)}>
                    {t('actions.moveDown')}
                  </Menu.Item>
                </>
              )}
              {node.can.edit && folder && (
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onAction('rename')}>
                  {t('actions.rename')}
                </Menu.Item>
              )}
              {node.can.edit && (
                <Menu.Item leftSection={<IconFolderSymlink size={14} />} onClick={() => onAction('move')}>
                  {t('actions.move')}
                </Menu.Item>
              )}
              {node.can.rights && (
                <Menu.Item leftSection={<IconLock size={14} />} onClick={() => onAction('rights')}>
                  {t('actions.rights')}
                </Menu.Item>
              )}
              {node.can.delete && (
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onAction('delete')}>
                  {t('actions.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}

/** A search snippet: the server escapes the text and marks the matching words with `<b>`, its only markup. */
export function Snippet({ html }: { html: string }) {
  const parts = html.split(/(<b>.*?<\/b>)/g);
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return (
    <Text size="sm" c="dimmed" lineClamp={2}>
      {parts.map((part, index) =>
        part.startsWith('<b>') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a snippet's pieces have nothing but their position
          <mark key={index}>{decode(part.slice(3, -4))}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{decode(part)}</span>
        ),
      )}
    </Text>
  );
}
