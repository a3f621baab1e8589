import { Button, Group, Paper } from '@mantine/core';
import { IconAddressBook, IconNews, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/States';
import { useWallTexts } from './texts';

/**
 * "My feed" with nothing in it: it says what the feed holds (own posts, followed people, groups — company news stays in
 * "Company", spec portal §4 "Feeds") and offers the ways to fill it: people to follow, groups to join, or the company
 * feed. Links to modules the workspace has switched off are left out.
 */
export function MyFeedEmpty({
  onCompany,
  people,
  groups,
}: {
  onCompany: () => void;
  /** The address book is on: people can be found there to follow. */
  people: boolean;
  /** Groups are on. */
  groups: boolean;
}) {
  const { t } = useWallTexts();
  return (
    <Paper withBorder radius="lg" p="lg">
      <EmptyState
        icon={<IconUsers size={28} stroke={1.5} />}
        title={t('feed.emptyUserTitle')}
        description={t('feed.emptyUserText')}
        action={
          <Group justify="center" gap="xs" mt="sm">
            {people && (
              <Button component={Link} to="/addressBook/" variant="light" leftSection={<IconAddressBook size={16} />}>
                {t('feed.findPeople')}
              </Button>
            )}
            {groups && (
              <Button component={Link} to="/groups/" variant="light" leftSection={<IconUsersGroup size={16} />}>
                {t('feed.findGroups')}
              </Button>
            )}
            <Button variant="subtle" leftSection={<IconNews size={16} />} onClick={onCompany}>
              {t('feed.toCompany')}
            </Button>
          </Group>
        }
      />
    </Paper>
  );
}
