import type { UserDto } from '@hallway/shared';
import { Box, Button, Card, Divider, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useSession } from '../../app/session/context';
import { HeaderCardSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { PersonNotificationsTab } from '../notifications/LazySettingsTabs';
import { useNotificationsTexts } from '../notifications/texts';
import { ContactsTab, ExtraTab, MainTab } from './FieldTabs';
import { ProfileEditContext, type ProfileEditMode } from './mode';
import { HrDataTab, HrFilesTab, SocialTab, SubscribersTab } from './OtherTabs';
import { PasswordCard } from './PasswordCard';
import { PersonPosts } from './PersonPosts';
import { ProfileHeader } from './ProfileHeader';
import { ProfileView } from './ProfileView';
import { profileQueries } from './queries';
import { type ProfileTab, visibleTabs } from './tabs';
import { usePeopleTexts } from './texts';

const TAB_LABELS = {
  posts: 'profile.posts',
  main: 'profile.main',
  extra: 'profile.extra',
  social: 'profile.social',
  hrData: 'profile.hrData',
  hrFiles: 'profile.hrFiles',
  contacts: 'profile.contacts',
  subscribers: 'profile.subscribers',
} as const;

/** Whether the caller may change this profile's fields (the server's `can`: the owner, HR, administrators). */
export const mayEdit = (person: Pick<UserDto, 'can' | 'deletion_mark'>) =>
  !person.deletion_mark && !!(person.can?.edit || person.can?.editHr);

/**
 * /profile/:_id (spec portal §2, issue 12): a page to read — header, contacts as actions, about, facts, the person's
 * posts — and, for those the server lets edit it, an edit mode with the forms, left on save or cancel.
 */
export default function ProfilePage() {
  const { t } = usePeopleTexts();
  const { _id = '' } = useParams();
  const query = useQuery(profileQueries.person(_id));
  const [editing, setEditing] = useState<string | null>(null);

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
  // The mode belongs to the person it was opened for: another profile opens as a page.
  const edit = editing === person._id && mayEdit(person);
  return (
    <Stack gap="lg">
      <ProfileHeader
        person={person}
        actions={
          mayEdit(person) &&
          !edit && (
            <Button size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(person._id)}>
              {t('profile.editProfile')}
            </Button>
          )
        }
      />
      {edit ? (
        <EditMode person={person} onDone={() => setEditing(null)} />
      ) : (
        <>
          <ProfileView person={person} />
          <ProfileTabs person={person} mode="view" />
        </>
      )}
    </Stack>
  );
}

function EditMode({ person, onDone }: { person: UserDto; onDone: () => void }) {
  const { t } = usePeopleTexts();
  const mode = useMemo<ProfileEditMode>(() => ({ done: onDone }), [onDone]);
  return (
    <ProfileEditContext.Provider value={mode}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3">
            {t('profile.editTitle')}
          </Title>
          <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onDone}>
            {t('profile.backToProfile')}
          </Button>
        </Group>
        <ProfileTabs person={person} mode="edit" />
      </Stack>
    </ProfileEditContext.Provider>
  );
}

/** The tabs of a mode: the forms while editing; posts, HR, notifications and subscribers on the page. */
function ProfileTabs({ person, mode }: { person: UserDto; mode: 'view' | 'edit' }) {
  const { t } = usePeopleTexts();
  const notificationTexts = useNotificationsTexts();
  const { user, hasFeature } = useSession();
  const self = user?._id === person._id;
  const tabs = visibleTabs(person, {
    mode,
    own: self && !person.deletion_mark,
    notifications: hasFeature('notifications'),
    posts: hasFeature('wall'),
  });
  const [tab, setTab] = useState<ProfileTab>(tabs[0] ?? 'subscribers');
  const current = tabs.includes(tab) ? tab : tabs[0];
  if (!current) return null;

  return (
    <Card withBorder radius="lg" padding={0}>
      <Tabs value={current} onChange={(value) => value && setTab(value as ProfileTab)} keepMounted={false}>
        {/* Wrapping, not a hidden sideways scroll: on a phone every tab's label stays in sight. */}
        <Tabs.List aria-label={t(mode === 'edit' ? 'profile.editTabs' : 'profile.tabs')} px="sm">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name} style={{ whiteSpace: 'nowrap' }}>
              {name === 'notifications' ? notificationTexts.t('settings.tab') : t(TAB_LABELS[name])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Box p={{ base: 'md', sm: 'xl' }}>
          <Tabs.Panel value="posts">
            <PersonPosts userId={person._id} />
          </Tabs.Panel>
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
  );
}
