import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session/context';
import { QueryState } from '../../ui/States';
import { SettingsMatrix } from './SettingsMatrix';
import { settingsQueries } from './settings';

/** Profile "notifications" tab (portal §2): the signed-in person's own overrides. */
export function PersonNotificationsTab({ userId }: { userId: string }) {
  const query = useQuery(settingsQueries.person(userId));
  return (
    <QueryState query={query}>
      {(settings) => <SettingsMatrix key={settings.user_id} settings={settings} scope="person" />}
    </QueryState>
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
