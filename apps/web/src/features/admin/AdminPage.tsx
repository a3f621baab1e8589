import { Box, Card, Divider, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { FailedDeliveriesTab } from '../notifications/FailedDeliveriesTab';
import { MailCheckTab } from '../notifications/MailCheckTab';
import { WorkspaceMessengersForm } from '../notifications/MessengerForms';
import { WorkspaceNotificationsTab } from '../notifications/SettingsTabs';
import { TemplatesTab } from '../notifications/TemplatesTab';
import { useAdminTexts } from './texts';

const TABS = ['notificationSettings', 'templates', 'mailCheck', 'failures'] as const;
type Tab = (typeof TABS)[number];

/** /admin/ (portal §2 "Admin panel"): the tabs built so far. */
export default function AdminPage() {
  const { t } = useAdminTexts();
  const [tab, setTab] = useState<Tab>('notificationSettings');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Card withBorder radius="lg" padding={0}>
        <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
          <Tabs.List aria-label={t('tabs')} px="sm">
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
