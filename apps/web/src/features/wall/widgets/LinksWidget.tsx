import { ActionIcon, Anchor, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconExternalLink, IconLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { QueryState } from '../../../ui/States';
import { WidgetCard } from '../../../ui/WidgetCard';
import { LINKS_MODULE, type LinkInput } from '../api';
import { wallMutations, wallQueries } from '../queries';
import { useWallTexts } from '../texts';
import { LinkFormModal } from './LinkFormModal';

export const linksQuery = (clientId: string, module = LINKS_MODULE) => wallQueries.links(clientId, module);

/**
 * Useful links (modules §7 "Link blocks"): everyone reads the wall's block; administrators switch it on and off and
 * add, change and delete links. Hidden from employees when off or empty.
 */
export function LinksWidget({
  clientId,
  enabled,
  module = LINKS_MODULE,
}: {
  clientId: string;
  enabled: boolean;
  /** Whose block: the wall's (`company`) or another module's page (`knowl_base`). */
  module?: string;
}) {
  const { t } = useWallTexts();
  const client = useQueryClient();
  const query = useQuery({ ...linksQuery(clientId, module), enabled });
  const [editing, setEditing] = useState<LinkInput | null | undefined>(undefined);
  const [removing, setRemoving] = useState<{ _id: string; title: string } | null>(null);
  const toggling = useMutation(wallMutations.toggleLinks(client, clientId, module));
  const saving = useMutation(wallMutations.saveLink(client, clientId));
  const deleting = useMutation(wallMutations.deleteLink(client, clientId));
  const switching = toggling.isPending;
  const block = query.data?.result[0] ?? null;
  const editor = query.data?.can.edit ?? false;

  if (!editor && (!block?.enabled || block.links.length === 0)) return null;

  const toggle = (on: boolean) => toggling.mutate(on);

  const controls = editor && block && (
    <Switch
      size="xs"
      checked={block.enabled}
      disabled={switching}
      onChange={(event) => toggle(event.currentTarget.checked)}
      label={block.enabled ? t('widgets.links.shown') : t('widgets.links.hiddenNote')}
      labelPosition="left"
    />
  );

  return (
    <WidgetCard icon={<IconLink size={16} />} color="cyan" title={t('widgets.links.title')} controls={controls}>
      <QueryState
        query={query}
        compactError
        loading={<Skeleton height={32} radius="md" />}
        isEmpty={() => !block && editor}
        empty={
          <Button variant="light" size="xs" loading={switching} onClick={() => toggle(true)}>
            {t('widgets.links.enable')}
          </Button>
        }
      >
        {() => null}
      </QueryState>
      {block && (
        <Stack
          gap={4}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0, opacity: block.enabled ? 1 : 0.6 }}
        >
          {block.links.length === 0 && (
            <Text size="sm" c="dimmed" component="li">
              {t('widgets.links.empty')}
            </Text>
          )}
          {block.links.map((link) => (
            <Group key={link._id} component="li" gap={4} wrap="nowrap" className="hw-widget-row">
              <IconExternalLink size={14} style={{ flexShrink: 0, opacity: 0.6 }} aria-hidden />
              <Anchor
                href={link.link}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                truncate="end"
                style={{ flex: 1 }}
              >
                {link.title}
              </Anchor>
              {editor && (
                <>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={t('widgets.links.edit', { title: link.title })}
                    onClick={() => setEditing(link)}
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('widgets.links.delete', { title: link.title })}
                    onClick={() => setRemoving(link)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {editor && block && (
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)}>
          {t('widgets.links.add')}
        </Button>
      )}
      {editing !== undefined && block && (
        <LinkFormModal
          initial={editing}
          onSave={(link) => saving.mutateAsync({ blockId: block._id, link })}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        opened={!!removing}
        title={t('widgets.links.deleteTitle')}
        message={removing ? t('widgets.links.deleteText', { title: removing.title }) : ''}
        confirmLabel={t('post.delete')}
        danger
        onConfirm={() => block && removing && deleting.mutateAsync({ blockId: block._id, linkId: removing._id })}
        onClose={() => setRemoving(null)}
      />
    </WidgetCard>
  );
}
