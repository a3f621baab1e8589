import type { UserDto } from '@hallway/shared';
import { Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session/context';
import { QueryState } from '../../ui/States';
import { PersonalMessengersForm, WorkspaceMessengersForm } from './MessengerForms';
import { SettingsMatrix } from './SettingsMatrix';
import { settingsQueries } from './settings';

/** Profile "notifications" tab (portal §2): the signed-in person's own overrides and messenger links. */
export function PersonNotificationsTab({ person }: { person: Pick<UserDto, '_id'> }) {
  const { user } = useSession();
  const userId = person._id;
  const query = useQuery(settingsQueries.person(userId));
  return (
    <Stack gap="xl">
      <QueryState query={query}>
        {(settings) => <SettingsMatrix key={settings.user_id} settings={settings} scope="person" />}
      </QueryState>
      {user?._id === userId && (
        <>
          <Divider />
          <PersonalMessengersForm userId={userId} />
        </>
      )}
    </Stack>
  );
}

/** Employees "notifications" tab and admin panel "notification settings": the workspace's defaults. */
export function WorkspaceNotificationsTab() {
  const { client } = useSession();
  const query = useQuery(settingsQueries.workspace(client?._id ?? ''));
  return (
    <QueryState query={query}>{(settings) => <SettingsMatrix settings={settings} scope="workspace" />}</QueryState>
  );
}

/** Admin panel "notification settings": the workspace's defaults and its messenger bots. */
export function AdminNotificationsTab() {
  return (
    <Stack gap="xl">
      <WorkspaceNotificationsTab />
      <Divider />
      <WorkspaceMessengersForm />
    </Stack>
  );
}
