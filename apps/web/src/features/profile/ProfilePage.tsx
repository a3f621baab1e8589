import { Box, Card, Divider, Stack, Tabs } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useSession } from '../../app/session/context';
import { HeaderCardSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { PersonNotificationsTab } from '../notifications/SettingsTabs';
import { useNotificationsTexts } from '../notifications/texts';
import { ContactsTab, ExtraTab, MainTab } from './FieldTabs';
import { HrDataTab, HrFilesTab, SocialTab, SubscribersTab } from './OtherTabs';
import { PasswordCard } from './PasswordCard';
import { ProfileHeader } from './ProfileHeader';
import { profileQueries } from './queries';
import { type ProfileTab, visibleTabs } from './tabs';
import { usePeopleTexts } from './texts';

const TAB_LABELS = {
  main: 'profile.main',
  extra: 'profile.extra',
  social: 'profile.social',
  hrData: 'profile.hrData',
  hrFiles: 'profile.hrFiles',
  contacts: 'profile.contacts',
  subscribers: 'profile.subscribers',
} as const;

/** /profile/:_id (spec portal §2): the person's header and tabs; editing where the server allows it. */
export default function ProfilePage() {
  const { t } = usePeopleTexts();
  const notificationTexts = useNotificationsTexts();
  const { _id = '' } = useParams();
  const { user, hasFeature } = useSession();
  const [tab, setTab] = useState<ProfileTab>('main');
  const query = useQuery(profileQueries.person(_id));

  if (isApiError(query.error) && [400, 404].includes(query.error.status)) {
    return <EmptyState icon={<IconUserQuestion size={28} stroke={1.5} />} title={t('profile.notFound')} />;
  }
  if (!query.data || query.isError) {
    return (
      <QueryState query={query} loading={<HeaderCardSkeleton />}>
        {() => null}
      </QueryState>
    );
  }
  const person = query.data;
  const self = user?._id === person._id;
  const tabs = visibleTabs(person, {
    own: self && !person.deletion_mark,
    notifications: hasFeature('notifications'),
  });
  const current = tabs.includes(tab) ? tab : 'main';

  return (
    <Stack gap="lg">
      <ProfileHeader person={person} />
      <Card withBorder radius="lg" padding={0}>
        <Tabs value={current} onChange={(value) => value && setTab(value as ProfileTab)} keepMounted={false}>
          {/* Wrapping, not a hidden sideways scroll: on a phone every tab's label stays in sight. */}
          <Tabs.List aria-label={t('profile.tabs')} px="sm">
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name} style={{ whiteSpace: 'nowrap' }}>
                {name === 'notifications' ? notificationTexts.t('settings.tab') : t(TAB_LABELS[name])}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Box p={{ base: 'md', sm: 'xl' }}>
            <Tabs.Panel value="main">
              <Stack gap="lg">
                <MainTab person={person} />
                {self && !person.deletion_mark && (
                  <>
                    <Divider />
                    <PasswordCard person={person} />
                  </>
                )}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="extra">
              <ExtraTab person={person} />
            </Tabs.Panel>
            <Tabs.Panel value="social">
              <SocialTab person={person} />
            </Tabs.Panel>
            <Tabs.Panel value="hrData">
              <HrDataTab person={person} />
            </Tabs.Panel>
            <Tabs.Panel value="hrFiles">
              <HrFilesTab person={person} />
            </Tabs.Panel>
            <Tabs.Panel value="contacts">
              <ContactsTab person={person} />
            </Tabs.Panel>
            <Tabs.Panel value="notifications">
              <PersonNotificationsTab userId={person._id} />
            </Tabs.Panel>
            <Tabs.Panel value="subscribers">
              <SubscribersTab person={person} />
            </Tabs.Panel>
          </Box>
        </Tabs>
      </Card>
    </Stack>
  );
}
