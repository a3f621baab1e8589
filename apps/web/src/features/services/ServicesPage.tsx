import { Button, Paper, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageQuestion, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { PageHeader } from '../../ui/PageHeader';
import { AskModal } from './AskModal';
import { Catalogue } from './Catalogue';
import { serviceQueries } from './queries';
import { RequestsList } from './RequestsList';
import { TemplatesList } from './TemplatesList';
import { useServicesTexts } from './texts';
import './services.css';

const TABS = ['all', 'my', 'queue', 'manage'] as const;
type Tab = (typeof TABS)[number];

/** /services (modules §2): the catalogue by groups, "my requests", the requests waiting for me, the designer's list. */
export default function ServicesPage() {
  const { t } = useServicesTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as Tab | null;
  const tab: Tab = raw && TABS.includes(raw) ? raw : 'all';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [asking, setAsking] = useState(false);
  const catalogue = useQuery(serviceQueries.catalogue(clientId, debounced));
  const templates = useQuery(serviceQueries.templates(clientId));
  const manages = !!templates.data && (templates.data.can.create || templates.data.result.length > 0);
  const can = catalogue.data?.can;
  const tabs = TABS.filter((value) => value !== 'manage' || manages);

  const actions = (
    <>
      <Button
        variant="default"
        radius="xl"
        leftSection={<IconMessageQuestion size={16} />}
        onClick={() => setAsking(true)}
      >
        {t('catalogue.ask')}
      </Button>
      {can?.create_service && (
        <Button component={Link} to="/service/new" radius="xl" leftSection={<IconPlus size={16} />}>
          {t('catalogue.create')}
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <PageHeader title={t('catalogue.title')} description={t('catalogue.description')} actions={actions} />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'all' ? [['tab', next]] : [], { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('catalogue.tabs')} className="hw-services-tabs">
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`catalogue.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="all" pt="md">
          <Stack gap="md">
            <TextInput
              label={t('catalogue.search')}
              placeholder={t('catalogue.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maw={420}
              type="search"
            />
            <Catalogue query={catalogue} search={debounced} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="my" pt="md">
          <RequestsList as="requester" />
        </Tabs.Panel>
        <Tabs.Panel value="queue" pt="md">
          <RequestsList as="performer" />
        </Tabs.Panel>
        {manages && (
          <Tabs.Panel value="manage" pt="md">
            <Paper withBorder radius="lg" p="md">
              <TemplatesList query={templates} />
            </Paper>
          </Tabs.Panel>
        )}
      </Tabs>
      <AskModal opened={asking} onClose={() => setAsking(false)} />
    </Stack>
  );
}
