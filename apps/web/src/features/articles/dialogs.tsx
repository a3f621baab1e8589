import type { AudienceGrantDto } from '@hallway/shared';
import { ARTICLE_TITLE_MAX, type ArticleDto, type ArticleItem, type ArticleType } from '@hallway/shared/articles';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { GrantEditor, grantProblem } from '../../ui/GrantEditor';
import { showSuccess } from '../../ui/toast';
import { FolderTree } from './FolderTree';
import { articleMutations, articleQueries } from './queries';
import { useArticlesTexts } from './texts';

type Node = Pick<ArticleItem, '_id' | 'title' | 'type'>;

/** A new folder or article under `parent`, or a new name for `node`. Answers the node saved. */
export function NameModal({
  opened,
  onClose,
  parent,
  type,
  node,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  parent: string | null;
  type: ArticleType;
  node?: Node & { version: number };
  onSaved?: (saved: ArticleDto) => void;
}) {
  const { t } = useArticlesTexts();
  const client = useQueryClient();
  const [title, setTitle] = useState(node?.title ?? '');
  const [touched, setTouched] = useState(false);
  const creating = useMutation(articleMutations.create(client));
  const updating = useMutation(articleMutations.update(client, node?._id ?? ''));
  const pending = creating.isPending || updating.isPending;
  const failed = creating.error ?? updating.error;
  const missing = !title.trim();
  const heading = node ? t('form.renameFolder') : t(type === 'folder' ? 'form.newFolder' : 'form.newArticle');

  const save = () => {
    setTouched(true);
    if (missing) return;
    const done = (saved: ArticleDto) => {
      showSuccess(t('actions.saved'));
      onSaved?.(saved);
      onClose();
    };
    if (node) updating.mutate({ title: title.trim(), base_version: node.version }, { onSuccess: done });
    else creating.mutate({ section: 'article', type, parent, title: title.trim() }, { onSuccess: done });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={heading}>
      <Stack
        component="form"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <CountedTextInput
          label={t('form.title')}
          placeholder={t('form.titlePlaceholder')}
          max={ARTICLE_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={touched && missing ? t('form.titleRequired') : undefined}
          required
          data-autofocus
        />
        {failed && (
          <Alert color="red" role="alert">
            {errorText(failed)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {node ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Who reads and writes a node (`PUT api/article/{id}/rights`): its own grants, or its folder's. */
export function RightsModal({ node, onClose }: { node: ArticleDto; onClose: () => void }) {
  const { t } = useArticlesTexts();
  const client = useQueryClient();
  const own = node.grants_from === node._id;
  const [grants, setGrants] = useState<AudienceGrantDto[]>(own ? node.grants : []);
  const [showErrors, setShowErrors] = useState(false);
  const saving = useMutation(articleMutations.rights(client, node._id));
  const from = useQuery({
    ...articleQueries.tree('breadcrumbs', node._id),
    enabled: !own && !!node.grants_from,
  });
  const folder = from.data?.find((step) => step._id === node.grants_from)?.title;

  const save = (next: AudienceGrantDto[]) => {
    if (next.some((grant) => grantProblem(grant))) return setShowErrors(true);
    saving.mutate(next, {
      onSuccess: () => {
        showSuccess(t('actions.saved'));
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('rights.title', { title: node.title })} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {own ? t('rights.own') : folder ? t('rights.inherited', { title: folder }) : t('rights.open')}
        </Text>
        <GrantEditor value={grants} onChange={setGrants} showErrors={showErrors} />
        {saving.error && (
          <Alert color="red" role="alert">
            {errorText(saving.error)}
          </Alert>
        )}
        <Group justify="space-between">
          {own ? (
            <Button variant="subtle" color="gray" onClick={() => save([])} loading={saving.isPending}>
              {t('rights.reset')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => save(grants)} loading={saving.isPending}>
              {t('rights.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Moves a node into a folder the person picks in the tree (never into itself or below it: the tree leaves it out). */
export function MoveModal({ node, onClose }: { node: Node & { parent: string | null }; onClose: () => void }) {
  const { t } = useArticlesTexts();
  const client = useQueryClient();
  const [target, setTarget] = useState<string | null>(node.parent);
  const moving = useMutation(articleMutations.move(client));
  return (
    <Modal opened onClose={onClose} title={t('move.title', { title: node.title })}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('move.hint')}
        </Text>
        <ScrollArea.Autosize mah={360}>
          <FolderTree current={target} onPick={setTarget} exclude={node.type === 'folder' ? node._id : undefined} />
        </ScrollArea.Autosize>
        {moving.error && (
          <Alert color="red" role="alert">
            {errorText(moving.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            disabled={target === node.parent}
            loading={moving.isPending}
            onClick={() =>
              moving.mutate(
                { id: node._id, parent: target },
                {
                  onSuccess: () => {
                    showSuccess(t('actions.moved'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('move.here')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Deletes a node with everything below it, after saying how many folders, articles and files go. */
export function DeleteDialog({
  node,
  onClose,
  onDeleted,
}: {
  node: Node;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useArticlesTexts();
  const client = useQueryClient();
  const counts = useQuery({ ...articleQueries.deepCounts(node._id), enabled: node.type === 'folder' });
  const removing = useMutation(articleMutations.removeDeep(client));
  const message =
    node.type === 'article'
      ? t('remove.article')
      : counts.data
        ? t('remove.counts', counts.data)
        : counts.error
          ? errorText(counts.error)
          : t('remove.counting');
  return (
    <ConfirmDialog
      opened
      danger
      title={t('remove.title', { title: node.title })}
      message={message}
      confirmLabel={t('actions.delete')}
      onClose={onClose}
      onConfirm={async () => {
        await removing.mutateAsync(node._id);
        showSuccess(t('actions.deleted'));
        onDeleted?.();
      }}
    />
  );
}
