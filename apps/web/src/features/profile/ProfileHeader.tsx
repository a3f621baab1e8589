import type { UserDto } from '@hallway/shared';
import { Anchor, Badge, Box, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconPhoto, IconTrash, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { registry } from '../../app/modules';
import { useSession } from '../../app/session/context';
import { useSlots } from '../../app/slots';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import type { CropPurpose } from '../../ui/crop/geometry';
import { UploadProgress } from '../../ui/FileUpload';
import { useUpload } from '../../ui/useUpload';
import { PersonActions } from './PersonActions';
import { profileMutations, profileQueries } from './queries';
import { usePeopleTexts } from './texts';
import { usePersonSaver, usePersonUpdated } from './usePersonSaver';

/** The cropper (and its library) loads when a person first picks a picture. */
const ImageCropModal = lazy(() => import('../../ui/crop/ImageCropModal'));

/**
 * The top of a profile: cover, photo, name, position, department and chief, follow; the owner (or an administrator)
 * changes pictures. `actions` go beside its buttons (the page's "Edit profile").
 */
export function ProfileHeader({ person, actions }: { person: UserDto; actions?: ReactNode }) {
  const { t } = usePeopleTexts();
  const { user } = useSession();
  const save = usePersonSaver(person);
  const updated = usePersonUpdated();
  const upload = useUpload();
  const [problem, setProblem] = useState<string | null>(null);
  const following = useMutation({ ...profileMutations.follow(), onSuccess: (fresh) => updated(fresh) });
  const self = user?._id === person._id;
  const canEdit = !!person.can?.edit && !person.deletion_mark;
  const followed = !!user && person.followers.includes(user._id);

  const [cropping, setCropping] = useState<{ file: File; purpose: Extract<CropPurpose, 'avatar' | 'cover'> } | null>(
    null,
  );

  const pick = (purpose: 'avatar' | 'cover') => (file: File | null) => {
    setProblem(null);
    upload.reset();
    if (file) setCropping({ file, purpose });
  };

  /** Any photo goes through the cropper, which makes it the size the server takes (spec portal §9). */
  const cropped = async (file: File) => {
    const purpose = cropping?.purpose;
    setCropping(null);
    const [uploaded] = (await upload.upload([file])) ?? [];
    if (!uploaded) return;
    if (purpose === 'cover') {
      await save({ cover: uploaded.file.src }).catch((err) => setProblem(errorText(err)));
      return;
    }
    const pic = { src: uploaded.file.src, ...(uploaded.file.mini ? { mini: uploaded.file.mini } : {}) };
    await save({ pics: [pic, ...person.pics].slice(0, 20) }).catch((err) => setProblem(errorText(err)));
  };

  const toggleFollow = () =>
    following.mutate({ id: person._id, follow: !followed }, { onError: (err) => setProblem(errorText(err)) });

  return (
    <Card withBorder radius="lg" padding={0}>
      <Box
        h={{ base: 110, sm: 180 }}
        aria-hidden
        data-testid="profile-cover"
        style={{
          background: person.cover
            ? `center / cover no-repeat url("${person.cover}")`
            : 'linear-gradient(120deg, var(--mantine-primary-color-light), var(--mantine-primary-color-filled))',
        }}
      />
      <Stack px={{ base: 'md', sm: 'xl' }} pb="lg" gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mt={-48}>
          <Box
            style={{
              borderRadius: '50%',
              border: '4px solid var(--mantine-color-body)',
              lineHeight: 0,
              flexShrink: 0,
              overflow: 'hidden',
            }}
          >
            <Avatar person={person} size={104} link={false} />
          </Box>
          <Group gap="xs" wrap="wrap">
            {actions}
            <PersonActions userId={person._id} name={person.fullName} />
            {canEdit && (
              <FileButton onChange={pick('avatar')} accept="image/png,image/jpeg,image/webp,image/gif">
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    leftSection={<IconCamera size={14} />}
                    loading={upload.uploading}
                  >
                    {t('profile.changeAvatar')}
                  </Button>
                )}
              </FileButton>
            )}
            {canEdit && (
              <FileButton onChange={pick('cover')} accept="image/png,image/jpeg,image/webp">
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    leftSection={<IconPhoto size={14} />}
                    loading={upload.uploading}
                  >
                    {t('profile.changeCover')}
                  </Button>
                )}
              </FileButton>
            )}
            {canEdit && person.cover && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => void save({ cover: '' }).catch((err) => setProblem(errorText(err)))}
              >
                {t('profile.removeCover')}
              </Button>
            )}
            {!self && !person.deletion_mark && (
              <Button
                size="xs"
                variant={followed ? 'light' : 'filled'}
                leftSection={followed ? <IconUserCheck size={14} /> : <IconUserPlus size={14} />}
                loading={following.isPending}
                onClick={toggleFollow}
                aria-pressed={followed}
              >
                {followed ? t('profile.unfollow') : t('profile.follow')}
              </Button>
            )}
          </Group>
        </Group>
        <Stack gap={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h2">
              {person.fullName}
            </Title>
            {person.status === 'pending' ? (
              <Badge color="orange" variant="light">
                {t('employees.status.pending')}
              </Badge>
            ) : (
              person.deletion_mark && (
                <Badge color="red" variant="light">
                  {t('profile.deleted')}
                </Badge>
              )
            )}
            <Badges userId={person._id} />
          </Group>
          {(person.position || person.department) && (
            <Text c="dimmed">{[person.position, person.department].filter(Boolean).join(' · ')}</Text>
          )}
          {person.chief && <ChiefLink chiefId={person.chief} />}
          {person.statusText && <Text size="sm">{person.statusText}</Text>}
          <Text size="sm" c="dimmed">
            {t('profile.followersCount', { count: person.followers.length })}
          </Text>
        </Stack>
        <UploadProgress value={upload.progress} />
        {cropping && (
          <Suspense fallback={null}>
            <ImageCropModal
              file={cropping.file}
              purpose={cropping.purpose}
              onClose={() => setCropping(null)}
              onCropped={cropped}
            />
          </Suspense>
        )}
        {(problem || upload.error) && (
          <Text size="sm" c="red" role="alert">
            {problem || upload.error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The person's chief (set by the company structure), as a link to the chief's profile. */
function ChiefLink({ chiefId }: { chiefId: string }) {
  const { t } = usePeopleTexts();
  const { users } = useSession();
  const known = users.find((one) => one._id === chiefId);
  const fetched = useQuery({ ...profileQueries.person(chiefId), enabled: !known });
  const name = known?.fullName ?? fetched.data?.fullName;
  if (!name) return null;
  return (
    <Text size="sm">
      {t('profile.chief')}:{' '}
      <Anchor component={Link} to={`/profile/${chiefId}`} data-testid="profile-chief">
        {name}
      </Anchor>
    </Text>
  );
}

/** The badges other modules add next to the name (`profileBadges`: away on vacation). */
function Badges({ userId }: { userId: string }) {
  const { slots } = useSlots('profileBadges', registry.profileBadges);
  return slots?.map(({ key, loaded: { default: ModuleBadge } }) => <ModuleBadge key={key} userId={userId} />);
}
