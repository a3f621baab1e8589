import type { UserDto } from '@hallway/shared';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { registry } from '../../app/modules';
import { useSession } from '../../app/session/context';
import { SlotTabs, useSlots } from '../../app/slots';
import { HeaderCardSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { ProfileEditContext, type ProfileEditMode } from './mode';
import { ProfileHeader } from './ProfileHeader';
import { ProfileView } from './ProfileView';
import { profileQueries } from './queries';
import { visibleTabs } from './tabs';
import { usePeopleTexts } from './texts';

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

/** The tabs of a mode, from the modules' `profileTabs`: the forms while editing; posts, HR, notifications, subscribers on the page. */
function ProfileTabs({ person, mode }: { person: UserDto; mode: 'view' | 'edit' }) {
  const { t } = usePeopleTexts();
  const { user } = useSession();
  const own = user?._id === person._id && !person.deletion_mark;
  const { slots, query } = useSlots('profile', registry.profileTabs);
  if (!slots) {
    return (
      <QueryState query={query} loading={<SkeletonRows rows={4} />}>
        {() => null}
      </QueryState>
    );
  }
  return (
    <SlotTabs
      slots={visibleTabs(slots, person, { mode, own })}
      label={t(mode === 'edit' ? 'profile.editTabs' : 'profile.tabs')}
      props={{ person, own }}
    />
  );
}
