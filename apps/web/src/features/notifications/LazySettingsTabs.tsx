import { lazy, Suspense } from 'react';
import { SkeletonRows } from '../../ui/States';

// The settings matrix, the messenger forms and the shared notification schemas (zod with them, ~25 KB compressed)
// load when the tab opens, not with the profile or the employees page, whose first tab is something else.
const settingsTabs = () => import('./SettingsTabs');
const PersonTab = lazy(async () => ({ default: (await settingsTabs()).PersonNotificationsTab }));
const WorkspaceTab = lazy(async () => ({ default: (await settingsTabs()).WorkspaceNotificationsTab }));

/** Profile "notifications" tab (SettingsTabs.tsx), loaded on first opening. */
export function PersonNotificationsTab({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<SkeletonRows rows={4} />}>
      <PersonTab userId={userId} />
    </Suspense>
  );
}

/** Employees "notifications" tab (SettingsTabs.tsx), loaded on first opening. */
export function WorkspaceNotificationsTab() {
  return (
    <Suspense fallback={<SkeletonRows rows={4} />}>
      <WorkspaceTab />
    </Suspense>
  );
}
