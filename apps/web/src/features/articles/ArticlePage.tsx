import type { StoredFile } from '@hallway/shared';
import type { ArticleDoc, ArticleDto } from '@hallway/shared/articles';
import { ARTICLE_TITLE_MAX } from '@hallway/shared/articles';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Divider,
  Group,
  Image,
  Menu,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconDots,
  IconEye,
  IconFolderSymlink,
  IconHistory,
  IconLock,
  IconPencil,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useSession } from '../../app/session/context';
import { formatDayTime } from '../../i18n/dates';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { FileUpload } from '../../ui/FileUpload';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { ArticleBody } from './ArticleBody';
import { DeleteDialog, MoveModal, RightsModal } from './dialogs';
import { ArticleEditor } from './editor/ArticleEditor';
import { isEmptyDoc, newMentions } from './editor/doc';
import { Files } from './Files';
import { History } from './History';
import { articleMutations, articleQueries } from './queries';
import { TagPicker } from './TagPicker';
import { useArticlesTexts } from './texts';

/** /article/:_id (modules §2): an article to read, edit (with versions), tag, file, share and delete. */
export default function ArticlePage() {
  const { t } = useArticlesTexts();
  const { _id: id = '' } = useParams();
  const node = useQuery(articleQueries.node(id));
  if (node.isPending) return <LoadingState label={t('article.loading')} />;
  if (node.isError) {
    if (isApiError(node.error) && (node.error.status === 404 || node.error.status === 403))
      return <EmptyState title={t('article.notFoundTitle')} description={t('article.notFoundText')} />;
    return <ErrorState error={node.error} onRetry={() => void node.refetch()} />;
  }
  if (node.data.type === 'folder') return <Navigate to={`/articles/${node.data._id}`} replace />;
  return <Article key={node.data._id} node={node.data} />;
}

type Dialog = 'rights' | 'move' | 'delete' | 'history' | null;
type Conflict = { version: number };

function Article({ node }: { node: ArticleDto }) {
  const { t, lang } = useArticlesTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { user, client: workspace } = useSession();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1' && node.can.edit;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [diff, setDiff] = useState<{ from: number; to: number } | null>(null);
  const crumbs = useQuery(articleQueries.tree('breadcrumbs', node._id));
  const view = useMutation(articleMutations.view(client, user?._id ?? ''));
  const favourite = useMutation(articleMutations.favourite(client));
  const tagging = useMutation(articleMutations.tag(client, node._id));

  // A view is counted once per person: the server ignores a second one, the page asks only when it is not counted.
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current || node.viewed || !user) return;
    counted.current = true;
    view.mutate(node._id);
  }, [node._id, node.viewed, user, view]);

  const setTags = (ids: string[]) => {
    const had = new Set(node.tags.map((tag) => tag._id));
    const wanted = new Set(ids);
    const changes = [
      ...ids.filter((tagId) => !had.has(tagId)).map((tagId) => ({ tagId, on: true })),
      ...[...had].filter((tagId) => !wanted.has(tagId)).map((tagId) => ({ tagId, on: false })),
    ];
    for (const change of changes) tagging.mutate(change, { onError: showError });
  };

  const path = (crumbs.data ?? []).filter((step) => step._id !== node._id);
  const stopEditing = () =>
    setParams(
      (current) => {
        current.delete('edit');
        return current;
      },
      { replace: true },
    );

  return (
    <Stack gap="md" maw={980}>
      <Breadcrumbs separator="›" aria-label={t('breadcrumbs')}>
        <Anchor component={Link} to="/articles/" size="sm">
          {t('home')}
        </Anchor>
        {path.map((step) => (
          <Anchor key={step._id} component={Link} to={`/articles/${step._id}`} size="sm">
            {step.title}
          </Anchor>
        ))}
      </Breadcrumbs>
      {editing ? (
        <EditArticle node={node} onDone={stopEditing} onShowDiff={(from, to) => setDiff({ from, to })} />
      ) : (
        <>
          <PageHeader
            title={node.title}
            actions={
              <>
                <Tooltip label={t(node.favourite ? 'actions.unfavourite' : 'actions.favourite')}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    color={node.favourite ? 'yellow' : undefined}
                    aria-label={t(node.favourite ? 'actions.unfavourite' : 'actions.favourite')}
                    aria-pressed={node.favourite}
                    onClick={() =>
                      favourite.mutate({ id: node._id, favourite: !node.favourite }, { onError: showError })
                    }
                  >
                    {node.favourite ? (
                      <IconStarFilled size={18} color="var(--mantine-color-yellow-6)" />
                    ) : (
                      <IconStar size={18} />
                    )}
                  </ActionIcon>
                </Tooltip>
                {node.can.edit && (
                  <Button
                    leftSection={<IconPencil size={16} />}
                    onClick={() =>
                      setParams(
                        (current) => {
                          current.set('edit', '1');
                          return current;
                        },
                        { replace: true },
                      )
                    }
                  >
                    {t('actions.edit')}
                  </Button>
                )}
                <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setDialog('history')}>
                  {t('actions.history')}
                </Button>
                {(node.can.edit || node.can.rights || node.can.delete) && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="default" size="lg" aria-label={t('actions.more', { title: node.title })}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {node.can.edit && (
                        <Menu.Item leftSection={<IconFolderSymlink size={14} />} onClick={() => setDialog('move')}>
                          {t('actions.move')}
                        </Menu.Item>
                      )}
                      {node.can.rights && (
                        <Menu.Item leftSection={<IconLock size={14} />} onClick={() => setDialog('rights')}>
                          {t('actions.rights')}
                        </Menu.Item>
                      )}
                      {node.can.delete && (
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => setDialog('delete')}
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
          <Group gap="sm" wrap="wrap">
            <Group gap={6} wrap="nowrap">
              <Avatar person={node.author} size={24} />
              <Anchor component={Link} to={`/profile/${node.author._id}`} size="sm">
                {node.author.name}
              </Anchor>
            </Group>
            <Text size="sm" c="dimmed">
              {t('article.updated', { date: formatDayTime(node.updated, lang) })}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconEye size={14} aria-hidden />
              <Text size="sm" c="dimmed">
                {t('article.views', { count: node.views })}
              </Text>
            </Group>
            <Badge variant="light" color="gray">
              {t('article.version', { version: node.version })}
            </Badge>
          </Group>
          {node.can.edit ? (
            <TagPicker
              clientId={workspace?._id ?? ''}
              module="knowl_base"
              label={t('form.tags')}
              value={node.tags.map((tag) => tag._id)}
              onChange={setTags}
              disabled={tagging.isPending}
            />
          ) : (
            node.tags.length > 0 && (
              <Group gap={6} aria-label={t('form.tags')}>
                {node.tags.map((tag) => (
                  <Badge key={tag._id} variant="light">
                    {tag.name}
                  </Badge>
                ))}
              </Group>
            )
          )}
          {node.cover && <Image src={node.cover.src} alt="" radius="md" h={{ base: 160, sm: 240 }} fit="cover" />}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            {isEmptyDoc(node.doc) ? <Text c="dimmed">{t('article.noText')}</Text> : <ArticleBody doc={node.doc} />}
          </Paper>
          <Files id={node._id} files={node.files} editable={node.can.files} />
        </>
      )}
      {(dialog === 'history' || diff) && (
        <History
          node={node}
          initial={diff}
          onClose={() => {
            setDialog(null);
            setDiff(null);
          }}
        />
      )}
      {dialog === 'rights' && <RightsModal node={node} onClose={() => setDialog(null)} />}
      {dialog === 'move' && <MoveModal node={node} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteDialog
          node={node}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate(node.parent ? `/articles/${node.parent}` : '/articles/')}
        />
      )}
    </Stack>
  );
}

/**
 * Editing: the title and the document, saved as a new version made from the one opened. A save from an older
 * version than the latest is refused (409): the person sees who saved meanwhile, may look at their change, and may
 * save theirs on top of it — never silently over it.
 */
function EditArticle({
  node,
  onDone,
  onShowDiff,
}: {
  node: ArticleDto;
  onDone: () => void;
  onShowDiff: (from: number, to: number) => void;
}) {
  const { t } = useArticlesTexts();
  const client = useQueryClient();
  const [title, setTitle] = useState(node.title);
  const [doc, setDoc] = useState<ArticleDoc | null>(node.doc);
  const [cover, setCover] = useState<StoredFile | null>(node.cover);
  const [base, setBase] = useState(node.version);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [touched, setTouched] = useState(false);
  const saving = useMutation(articleMutations.update(client, node._id));
  const versions = useQuery({ ...articleQueries.versions(node._id), enabled: !!conflict });
  const missing = !title.trim();
  const latest = versions.data?.[0];

  const save = (from: number) => {
    setTouched(true);
    if (missing) return;
    saving.mutate(
      {
        title: title.trim(),
        doc,
        cover: cover?._id ?? null,
        base_version: from,
        mentions: newMentions(node.doc, doc),
      },
      {
        onSuccess: () => {
          showSuccess(t('actions.saved'));
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'article_version_conflict') {
            setConflict({ version: Number(error.params.version) || base + 1 });
            void client.invalidateQueries({ queryKey: articleQueries.versions(node._id).queryKey });
          }
        },
      },
    );
  };

  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save(base);
      }}
    >
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} component="h1" size="xl">
          {t('article.editing')}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Group>
      {conflict && (
        <Alert color="orange" role="alert" title={t('article.conflictTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('article.conflictText', { name: latest?.author.name ?? '…', version: conflict.version })}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => onShowDiff(base, conflict.version)}>
                {t('article.conflictShow')}
              </Button>
              <Button
                size="xs"
                color="orange"
                onClick={() => {
                  setBase(conflict.version);
                  setConflict(null);
                  save(conflict.version);
                }}
              >
                {t('article.conflictKeep')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {saving.error && !conflict && (
        <Alert color="red" role="alert">
          {errorText(saving.error)}
        </Alert>
      )}
      <CountedTextInput
        label={t('form.title')}
        max={ARTICLE_TITLE_MAX}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={touched && missing ? t('form.titleRequired') : undefined}
        required
      />
      <CoverField value={cover} onChange={setCover} />
      <Divider />
      <ArticleEditor
        initial={node.doc}
        onChange={setDoc}
        label={t('form.body')}
        placeholder={t('form.bodyPlaceholder')}
      />
    </Stack>
  );
}

/** The article's cover picture: chosen and uploaded with progress, shown as it will be, removable. */
function CoverField({ value, onChange }: { value: StoredFile | null; onChange: (file: StoredFile | null) => void }) {
  const { t } = useArticlesTexts();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('form.cover')}
      </Text>
      {value ? (
        <Group gap="sm" align="flex-end">
          <Image src={value.src} alt="" radius="md" h={120} w={240} fit="cover" />
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            {t('form.coverRemove')}
          </Button>
        </Group>
      ) : (
        <FileUpload
          accept="image/*"
          label={t('form.coverChoose')}
          onUploaded={(results) => onChange(results[0]?.file ?? null)}
        />
      )}
    </Stack>
  );
}
