import { type ClientDto, formatBytes } from '@hallway/shared';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogin2, IconPencil } from '@tabler/icons-react';
import { BREAKPOINTS } from '../../app/theme';
import { formatDay } from '../../i18n/dates';
import { useClientsTexts } from './texts';

function StatusBadge({ client }: { client: ClientDto }) {
  const { t } = useClientsTexts();
  return (
    <Badge color={client.status === 'blocked' ? 'red' : 'teal'} variant="light">
      {client.status === 'blocked' ? t('blocked') : t('active')}
    </Badge>
  );
}

function Actions({ client, onEnter, onEdit }: Pick<ClientsTableProps, 'onEnter' | 'onEdit'> & { client: ClientDto }) {
  const { t } = useClientsTexts();
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} />}
        onClick={() => onEdit(client)}
        aria-label={`${t('edit')} ${client.name}`}
      >
        {t('edit')}
      </Button>
      <Button
        size="xs"
        leftSection={<IconLogin2 size={14} />}
        onClick={() => onEnter(client)}
        aria-label={`${t('enter')} ${client.name}`}
      >
        {t('enter')}
      </Button>
    </Group>
  );
}

/** Phones: one card per workspace instead of a table that scrolls sideways. */
function ClientCards({
  clients,
  currentId,
  onEnter,
  onEdit,
  storage,
}: ClientsTableProps & { storage: (c: ClientDto) => string }) {
  const { t, lang } = useClientsTexts();
  return (
    <Stack gap="sm">
      {clients.map((client) => (
        <Card
          key={client._id}
          withBorder
          radius="md"
          padding="md"
          aria-current={client._id === currentId ? 'true' : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end">
                {client.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {client.workspace}
              </Text>
            </Stack>
            <StatusBadge client={client} />
          </Group>
          <SimpleGrid cols={3} spacing="xs" mb="sm">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('users')}
              </Text>
              <Text size="sm">{client.usersCount ?? 0}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('storage')}
              </Text>
              <Text size="sm">{storage(client)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('created')}
              </Text>
              <Text size="sm">{formatDay(client.created, lang)}</Text>
            </Stack>
          </SimpleGrid>
          <Actions client={client} onEnter={onEnter} onEdit={onEdit} />
        </Card>
      ))}
    </Stack>
  );
}

export interface ClientsTableProps {
  clients: ClientDto[];
  currentId: string | null;
  onEnter: (client: ClientDto) => void;
  onEdit: (client: ClientDto) => void;
}

/** Workspaces with status, people and storage; 'Enter' makes one the current workspace. */
export function ClientsTable({ clients, currentId, onEnter, onEdit }: ClientsTableProps) {
  const { t, lang } = useClientsTexts();
  const phone = useMediaQuery(`(max-width: calc(${BREAKPOINTS.sm} - 0.02em))`);
  const storage = (client: ClientDto) =>
    `${formatBytes(client.storageUsed)} / ${client.storageSize ? formatBytes(client.storageSize) : t('unlimited')}`;
  if (phone) {
    return <ClientCards clients={clients} currentId={currentId} onEnter={onEnter} onEdit={onEdit} storage={storage} />;
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t('title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('name')}</Table.Th>
            <Table.Th>{t('status')}</Table.Th>
            <Table.Th ta="right">{t('users')}</Table.Th>
            <Table.Th>{t('storage')}</Table.Th>
            <Table.Th>{t('created')}</Table.Th>
            <Table.Th ta="right">{t('actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client._id} aria-current={client._id === currentId ? 'true' : undefined}>
              <Table.Td>
                <Stack gap={0}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {client.name}
                    </Text>
                    {client._id === currentId && (
                      <Badge size="xs" variant="light">
                        {t('current')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {client.workspace}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <StatusBadge client={client} />
              </Table.Td>
              <Table.Td ta="right">{client.usersCount ?? 0}</Table.Td>
              <Table.Td>
                <Text size="sm">{storage(client)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDay(client.created, lang)}</Text>
              </Table.Td>
              <Table.Td>
                <Actions client={client} onEnter={onEnter} onEdit={onEdit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
