import { Box, Card, Divider, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MailingsTab } from '../mailings/MailingsTab';
import { FailedDeliveriesTab } from '../notifications/FailedDeliveriesTab';
import { MailCheckTab } from '../notifications/MailCheckTab';
import { WorkspaceMessengersForm } from '../notifications/MessengerForms';
import { WorkspaceNotificationsTab } from '../notifications/SettingsTabs';
import { TemplatesTab } from '../notifications/TemplatesTab';
import { useAdminTexts } from './texts';

const TABS = ['notificationSettings', 'templates', 'mailings', 'mailCheck', 'failures'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** /admin/ (portal §2 "Admin panel"): the tabs built so far; `?tab=` names the open one, so it can be linked. */
export default function AdminPage() {
  const { t } = useAdminTexts();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'notificationSettings';
  const setTab = (next: Tab) => setParams({ tab: next }, { replace: true });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Card withBorder radius="lg" padding={0}>
        <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
          <Tabs.List aria-label={t('tabs')} px="sm" className="hw-tabs-scroll">
            {TABS.map((name) => (
              <Tabs.Tab key={name} value={name} style={{ whiteSpace: 'nowrap' }}>
                {t(name)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Box p={{ base: 'md', sm: 'xl' }}>
            <Tabs.Panel value="notificationSettings">
              <Stack gap="xl">
                <WorkspaceNotificationsTab />
                <Divider />
                <WorkspaceMessengersForm />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="templates">
              <TemplatesTab />
            </Tabs.Panel>
            <Tabs.Panel value="mailings">
              <MailingsTab />
            </Tabs.Panel>
            <Tabs.Panel value="mailCheck">
              <MailCheckTab />
            </Tabs.Panel>
            <Tabs.Panel value="failures">
              <FailedDeliveriesTab />
            </Tabs.Panel>
          </Box>
        </Tabs>
      </Card>
    </Stack>
  );
}
