import type { ClientDto, ClientStatus } from '@hallway/shared';
import { Button, Drawer, Group, SegmentedControl, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/context';
import { BREAKPOINTS } from '../../app/theme';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, QueryState } from '../../ui/States';
import { ClientInfoForm } from './ClientInfoForm';
import { ClientsTable } from './ClientsTable';
import { CreateClientModal } from './CreateClientModal';
import { clientsQueries } from './queries';
import { useClientsTexts } from './texts';

type StatusFilter = 'all' | ClientStatus;

/** /clients: the superadmin's workspaces (spec portal §2, modules §7 "Clients"). */
export default function ClientsPage() {
  const { t } = useClientsTexts();
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const { client: current, enterClient } = useSession();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ClientDto | null>(null);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.sm})`);

  const filter = { search: debouncedSearch || undefined, status: status === 'all' ? undefined : status };
  const query = useQuery(clientsQueries.list(filter));

  const enter = (client: ClientDto) => {
    enterClient(client);
    navigate('/company');
  };

  const list = (
    <QueryState
      query={query}
      isEmpty={(clients) => clients.length === 0}
      empty={
        <EmptyState
          icon={<IconBuildingSkyscraper size={28} stroke={1.5} />}
          title={t('emptyTitle')}
          description={t('emptyText')}
        />
      }
    >
      {(clients) => (
        <ClientsTable clients={clients} currentId={current?._id ?? null} onEnter={enter} onEdit={setEditing} />
      )}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('create')}
          </Button>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={common('common.search')}
          placeholder={t('search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        <SegmentedControl
          aria-label={t('status')}
          value={status}
          onChange={(value) => setStatus(value as StatusFilter)}
          data={[
            { value: 'all', label: t('all') },
            { value: 'active', label: t('active') },
            { value: 'blocked', label: t('blocked') },
          ]}
        />
      </Group>
      {list}
      <CreateClientModal opened={creating} onClose={() => setCreating(false)} />
      <Drawer
        opened={!!editing}
        onClose={() => setEditing(null)}
        position="right"
        size={wide ? 'xl' : '100%'}
        title={editing ? `${editing.name} (${editing.workspace})` : ''}
        closeButtonProps={{ 'aria-label': common('common.close') }}
      >
        {editing && (
          <Tabs defaultValue="info" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="info">{t('tabInfo')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="info">
              <ClientInfoForm key={editing._id} client={editing} onSaved={setEditing} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Drawer>
    </Stack>
  );
}
