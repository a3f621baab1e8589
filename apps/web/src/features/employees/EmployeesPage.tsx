import { Box, Card, Stack, Tabs, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { WorkspaceNotificationsTab } from '../notifications/LazySettingsTabs';
import { useNotificationsTexts } from '../notifications/texts';
import type { WorkspaceChanges } from '../profile/api';
import { usePeopleTexts } from '../profile/texts';
import { AllEmployeesTab } from './AllEmployeesTab';
import { HeaderImageTab } from './HeaderImageTab';
import { employeesMutations, employeesQueries } from './queries';
import { RightsTab } from './RightsTab';
import { useEmployeesTexts } from './texts';
import { CompanyTab, SettingsTab } from './WorkspaceTabs';

const TABS = ['all', 'rights', 'settings', 'notifications', 'interface', 'company'] as const;
type Tab = (typeof TABS)[number];

/**
 * /employees/ (spec portal §2, administrators): all employees, rights and roles, other settings, company data.
 * notifications (the workspace defaults, when the feature is on). Mood statistics and interface arrive with their
 * modules.
 */
export default function EmployeesPage() {
  const { t } = usePeopleTexts();
  const notificationTexts = useNotificationsTexts();
  const employeesTexts = useEmployeesTexts();
  const { client, hasFeature } = useSession();
  const tabs = TABS.filter((name) => name !== 'notifications' || hasFeature('notifications'));
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const clientId = client?._id ?? '';
  const workspace = useQuery({
    ...employeesQueries.workspace(clientId),
    enabled: !!client && tab !== 'all' && tab !== 'notifications',
  });
  const { mutateAsync: update } = useMutation(employeesMutations.updateWorkspace(queryClient, clientId));

  const save = async (changes: WorkspaceChanges) => {
    if (!client) return;
    if (Object.keys(changes).length > 0) await update(changes);
    showSuccess(t('employees.saved'));
  };

  const withWorkspace = (render: (data: NonNullable<typeof workspace.data>) => React.ReactNode) => (
    <QueryState query={workspace} loading={<SkeletonRows rows={5} height={36} />}>
      {render}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('employees.title')}
      </Title>
      <Card withBorder radius="lg" padding={0}>
        <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
          {/* Wrapping, not a hidden sideways scroll: on a phone every tab's label stays in sight. */}
          <Tabs.List aria-label={t('employees.tabs')} px="sm">
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name} style={{ whiteSpace: 'nowrap' }}>
                {name === 'notifications'
                  ? notificationTexts.t('settings.tab')
                  : name === 'interface'
                    ? employeesTexts.t('interfaceTab')
                    : t(`employees.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Box p={{ base: 'md', sm: 'xl' }}>
            <Tabs.Panel value="all">
              <AllEmployeesTab />
            </Tabs.Panel>
            <Tabs.Panel value="rights">
              {withWorkspace((data) => (
                <RightsTab workspace={data} onSaved={save} />
              ))}
            </Tabs.Panel>
            <Tabs.Panel value="settings">
              {withWorkspace((data) => (
                <SettingsTab workspace={data} onSaved={save} />
              ))}
            </Tabs.Panel>
            <Tabs.Panel value="notifications">
              <WorkspaceNotificationsTab />
            </Tabs.Panel>
            <Tabs.Panel value="interface">
              {withWorkspace((data) => (
                <HeaderImageTab workspace={data} onSaved={save} />
              ))}
            </Tabs.Panel>
            <Tabs.Panel value="company">
              {withWorkspace((data) => (
                <CompanyTab key={data.name + data.inn} workspace={data} onSaved={save} />
              ))}
            </Tabs.Panel>
          </Box>
        </Tabs>
      </Card>
    </Stack>
  );
}
