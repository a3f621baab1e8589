import type { LinkBlockDto } from '@hallway/shared';
import { ActionIcon, Anchor, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconExternalLink, IconLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../i18n/errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { showError } from '../actions';
import { deleteLink, fetchLinkBlocks, type LinkInput, saveLink, toggleLinks } from '../api';
import { wallKeys } from '../cache';
import { useWallTexts } from '../texts';
import { LinkFormModal } from './LinkFormModal';
import { WidgetCard } from './WidgetCard';

export const useLinksQuery = (clientId: string, enabled: boolean) =>
  useQuery({
    queryKey: wallKeys.links(clientId),
    queryFn: ({ signal }) => fetchLinkBlocks(clientId, signal),
    enabled,
    staleTime: 5 * 60_000,
  });

/**
 * Useful links (modules §7 "Link blocks"): everyone reads the wall's block; administrators switch it on and off and
 * add, change and delete links. Hidden from employees when off or empty.
 */
export function LinksWidget({ clientId, enabled, isAdmin }: { clientId: string; enabled: boolean; isAdmin: boolean }) {
  const { t } = useWallTexts();
  const client = useQueryClient();
  const key = wallKeys.links(clientId);
  const query = useLinksQuery(clientId, enabled);
  const [editing, setEditing] = useState<LinkInput | null | undefined>(undefined);
  const [removing, setRemoving] = useState<{ _id: string; title: string } | null>(null);
  const [switching, setSwitching] = useState(false);
  const block = query.data?.[0] ?? null;
  const editor = block?.can.edit ?? isAdmin;
  const store = (next: LinkBlockDto) => client.setQueryData<LinkBlockDto[]>(key, [next]);

  if (!editor && (!block?.enabled || block.links.length === 0)) return null;

  const toggle = async (on: boolean) => {
    setSwitching(true);
    try {
      store(await toggleLinks(clientId, on));
    } catch (error) {
      showError(error);
    } finally {
      setSwitching(false);
    }
  };

  const controls = editor && block && (
    <Switch
      size="xs"
      checked={block.enabled}
      disabled={switching}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      label={block.enabled ? t('widgets.links.shown') : t('widgets.links.hiddenNote')}
      labelPosition="left"
    />
  );

  return (
    <WidgetCard icon={<IconLink size={16} />} color="cyan" title={t('widgets.links.title')} controls={controls}>
      {(query.isPending || !enabled) && <Skeleton height={32} radius="md" />}
      {query.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(query.error)}
        </Text>
      )}
      {query.isSuccess && !block && editor && (
        <Button variant="light" size="xs" loading={switching} onClick={() => void toggle(true)}>
          {t('widgets.links.enable')}
        </Button>
      )}
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
          onSave={async (link) => store(await saveLink(block._id, link))}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        opened={!!removing}
        title={t('widgets.links.deleteTitle')}
        message={removing ? t('widgets.links.deleteText', { title: removing.title }) : ''}
        confirmLabel={t('post.delete')}
        danger
        onConfirm={async () => block && removing && store(await deleteLink(block._id, removing._id))}
        onClose={() => setRemoving(null)}
      />
    </WidgetCard>
  );
}
