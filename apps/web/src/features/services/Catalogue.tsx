import { SERVICE_GROUP_NAME_MAX } from '@hallway/shared/services';
import { ActionIcon, Badge, Button, Group, Menu, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconFolderPlus, IconListDetails } from '@tabler/icons-react';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import type { CatalogueGroup, CataloguePage } from './api';
import { serviceMutations } from './queries';
import { useServicesTexts } from './texts';

/** The name of a new group or a group renamed, in a modal; the server's refusal shows on the field. */
function GroupNameModal({
  group,
  opened,
  onClose,
}: {
  group: CatalogueGroup | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useServicesTexts();
  const client = useQueryClient();
  const create = useMutation(serviceMutations.createGroup(client));
  const rename = useMutation(serviceMutations.renameGroup(client));
  const [name, setName] = useState(group?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.trim()) return setError(t('designer.errors.nameRequired'));
    setBusy(true);
    try {
      if (group) await rename.mutateAsync({ id: group._id, name: name.trim() });
      else await create.mutateAsync(name.trim());
      showSuccess(t('groups.saved'));
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? t('groups.renameTitle') : t('groups.createTitle')}
      closeButtonProps={{ 'aria-label': t('groups.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <CountedTextInput
            label={t('groups.name')}
            value={name}
            max={SERVICE_GROUP_NAME_MAX}
            maxLength={SERVICE_GROUP_NAME_MAX}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('groups.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('groups.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function GroupSection({
  group,
  onRename,
  onDelete,
}: {
  group: CatalogueGroup;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useServicesTexts();
  const titleId = `service-group-${group._id}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {group.name}
        </Title>
        {(group.can.edit || group.can.delete) && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('catalogue.groupActions', { name: group.name })}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {group.can.edit && <Menu.Item onClick={onRename}>{t('groups.rename')}</Menu.Item>}
              {group.can.delete && (
                <Menu.Item color="red" onClick={onDelete}>
                  {t('groups.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {group.services.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('catalogue.emptyGroup')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {group.services.map((service) => (
            <Paper
              key={service._id}
              withBorder
              radius="lg"
              p="md"
              component={Link}
              to={`/service/${service._id}`}
              className="hw-service-card"
              data-testid="service-card"
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {service.name}
                  </Text>
                  {!service.active && (
                    <Badge color="gray" variant="light">
                      {t('catalogue.inactive')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {service.description}
                </Text>
                <Group gap="xs">
                  <Badge variant="light" radius="sm">
                    {t(`service.${service.type}`)}
                  </Badge>
                  {service.days_limit !== null && (
                    <Badge variant="outline" color="gray" radius="sm">
                      {t('catalogue.days', { count: service.days_limit })}
                    </Badge>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The catalogue ("all services", modules §2): groups in their order with their services as cards. */
export function Catalogue({ query, search }: { query: UseQueryResult<CataloguePage>; search: string }) {
  const { t } = useServicesTexts();
  const client = useQueryClient();
  const removeGroup = useMutation(serviceMutations.deleteGroup(client));
  const [editing, setEditing] = useState<CatalogueGroup | null | 'new'>(null);
  const [deleting, setDeleting] = useState<CatalogueGroup | null>(null);
  return (
    <Stack gap="lg">
      {query.data?.can.create_group && (
        <Group>
          <Button variant="light" leftSection={<IconFolderPlus size={16} />} onClick={() => setEditing('new')}>
            {t('groups.create')}
          </Button>
        </Group>
      )}
      <QueryState
        query={query}
        loading={<SkeletonRows rows={4} height={96} label={t('catalogue.loading')} />}
        isEmpty={(data) => data.result.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            <EmptyState
              icon={<IconListDetails size={28} stroke={1.5} />}
              title={search ? t('catalogue.nothingFound') : t('catalogue.emptyTitle')}
              description={search ? t('catalogue.nothingFoundText', { search }) : t('catalogue.emptyText')}
            />
          </Paper>
        }
      >
        {(data) => (
          <Stack gap="xl" aria-busy={query.isPlaceholderData}>
            {data.result.map((group) => (
              <GroupSection
                key={group._id}
                group={group}
                onRename={() => setEditing(group)}
                onDelete={() => setDeleting(group)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {editing !== null && (
        <GroupNameModal
          key={editing === 'new' ? 'new' : editing._id}
          opened
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={!!deleting}
        title={t('groups.deleteTitle')}
        message={t('groups.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('groups.delete')}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await removeGroup.mutateAsync(deleting._id);
          showSuccess(t('groups.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
