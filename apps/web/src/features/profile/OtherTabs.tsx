import {
  HR_KEY_MAX,
  HR_VALUE_MAX,
  INN_LENGTH,
  KPP_LENGTH,
  SOCIAL_NAME_MAX,
  TEXT_MAX,
  type UserDto,
} from '@hallway/shared';
import { ActionIcon, Anchor, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { translateCode } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FileUpload } from '../../ui/FileUpload';
import { QueryState } from '../../ui/States';
import { showError } from '../../ui/toast';
import { type FieldSpec, FieldsForm } from './FieldsForm';
import { safeLink } from './media';
import { PairsEditor } from './PairsEditor';
import { profileMutations, profileQueries } from './queries';
import { usePeopleTexts } from './texts';
import { usePersonSaver, usePersonUpdated } from './usePersonSaver';

const NETWORKS = ['Website', 'LinkedIn', 'Facebook', 'Instagram', 'VK', 'X', 'GitHub', 'YouTube', 'Behance'];

/** Social networks: links the person shares; only web links become clickable. */
export function SocialTab({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const save = usePersonSaver(person);
  return (
    <PairsEditor
      key={JSON.stringify(person.social)}
      pairs={person.social}
      editable={!!person.can?.edit && !person.deletion_mark}
      keyLabel={t('profile.socialNetwork')}
      valueLabel={t('profile.socialLink')}
      keyOptions={NETWORKS}
      keyMax={SOCIAL_NAME_MAX}
      valueRules={{ url: true, maxLength: TEXT_MAX }}
      emptyText={t('profile.noSocial')}
      addLabel={t('profile.addSocial')}
      renderValue={(value) => {
        const href = safeLink(value);
        return href ? (
          <Anchor href={href} target="_blank" rel="noopener noreferrer">
            {value}
          </Anchor>
        ) : (
          value
        );
      }}
      onSave={(social) => save({ social })}
    />
  );
}

/** HR data: INN, KPP and the named items HR keeps; seen by the person, their chief, HR and administrators. */
export function HrDataTab({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const save = usePersonSaver(person);
  const editHr = !!person.can?.editHr;
  const fields: FieldSpec[] = [
    {
      name: 'inn',
      label: t('fields.inn'),
      hr: true,
      rules: {
        pattern: new RegExp(`^\\d{${INN_LENGTH}}$`),
        messages: { pattern: translateCode('inn_invalid') },
        maxLength: INN_LENGTH,
      },
    },
    {
      name: 'kpp',
      label: t('fields.kpp'),
      hr: true,
      rules: { pattern: new RegExp(`^\\d{${KPP_LENGTH}}$`), maxLength: KPP_LENGTH },
    },
  ];
  return (
    <Stack gap="lg">
      <FieldsForm
        key={`${person.inn}:${person.kpp}`}
        person={person}
        fields={fields}
        canEdit={false}
        canEditHr={editHr}
        onSave={save}
      />
      <Divider />
      <PairsEditor
        key={JSON.stringify(person.hrData)}
        pairs={person.hrData ?? {}}
        editable={editHr}
        keyLabel={t('profile.hrKey')}
        valueLabel={t('profile.hrValue')}
        keyMax={HR_KEY_MAX}
        valueRules={{ maxLength: HR_VALUE_MAX }}
        emptyText={t('profile.noHrData')}
        addLabel={t('profile.addHrRow')}
        onSave={(hrData) => save({ hrData })}
      />
    </Stack>
  );
}

const sizeText = (bytes?: number) =>
  bytes === undefined
    ? ''
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`;

/** HR files: download; HR administrators upload and remove (a removed file is deleted). */
export function HrFilesTab({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const save = usePersonSaver(person);
  const updated = usePersonUpdated();
  const removingFile = useMutation(profileMutations.removeHrFile());
  const [removing, setRemoving] = useState<{ _id: string; filename: string } | null>(null);
  const files = person.files ?? [];
  const editHr = !!person.can?.editHr;
  return (
    <Stack gap="md">
      {files.length === 0 ? (
        <Text c="dimmed">{t('profile.noHrFiles')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {files.map((file) => (
            <Paper component="li" key={file._id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileText size={20} aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor
                      href={file.path || `/api/files/${file._id}`}
                      target="_blank"
                      rel="noopener"
                      aria-label={t('profile.download', { name: file.filename })}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {file.filename}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {sizeText(file.size)}
                    </Text>
                  </Stack>
                </Group>
                {editHr && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('profile.removeFile', { name: file.filename })}
                    onClick={() => setRemoving(file)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editHr && (
        <FileUpload
          multiple
          label={t('profile.uploadHrFile')}
          onUploaded={(results) =>
            void save({
              files: [
                ...files,
                ...results.map((r) => ({
                  _id: r.file._id,
                  filename: r.file.name,
                  path: r.file.src,
                  size: r.file.size,
                })),
              ],
            }).catch(showError)
          }
        />
      )}
      <ConfirmDialog
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={t('profile.removeFileTitle')}
        message={removing ? t('profile.removeFileText', { name: removing.filename }) : undefined}
        confirmLabel={t('profile.removeRow')}
        danger
        onConfirm={async () => {
          if (removing) updated(await removingFile.mutateAsync({ id: person._id, fileId: removing._id }));
        }}
      />
    </Stack>
  );
}

function PeopleList({
  people,
  empty,
}: {
  people: { _id: string; name: string; avatar: string | null; position: string }[];
  empty: string;
}) {
  if (!people.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {people.map((p) => (
        <Paper key={p._id} withBorder radius="md" p="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar person={{ _id: p._id, fullName: p.name, avatar: p.avatar }} size={40} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor href={`/profile/${p._id}`} fw={500} truncate>
                {p.name}
              </Anchor>
              <Text size="sm" c="dimmed" truncate>
                {p.position}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Subscribers: who follows the person, and whom they follow. */
export function SubscribersTab({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const query = useQuery(profileQueries.followers(person._id, person.followers));
  if (!query.data || query.isError) return <QueryState query={query}>{() => null}</QueryState>;
  const { followers, following } = query.data;
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('profile.followers')} · {followers.length}
        </Title>
        <PeopleList people={followers} empty={t('profile.noFollowers')} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('profile.followsList')} · {following.length}
        </Title>
        <PeopleList people={following} empty={t('profile.noFollowing')} />
      </Stack>
    </Stack>
  );
}
