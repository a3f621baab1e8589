import { type GroupDetailDto, USER_GRANT_LEVELS } from '@hallway/shared';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { type GrantDraft, GrantEditor, grantProblem } from '../../ui/GrantEditor';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { showSuccess } from '../../ui/toast';
import { bodyOf, GroupFields } from './GroupForm';
import { groupMutations } from './queries';
import { useGroupsTexts } from './texts';

type Level = (typeof USER_GRANT_LEVELS)[number];
const LEVEL_COLOR: Record<Level, string> = { read: 'blue', write: 'teal', none: 'red' };

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** The group's audience grants (spec portal §6) with the shared grant editor; saved as a whole. */
function AudienceGrants({ group }: { group: GroupDetailDto }) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const [grants, setGrants] = useState<GrantDraft[]>(group.grants);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(groupMutations.setGrants(client, group._id));
  const changed = JSON.stringify(grants) !== JSON.stringify(group.grants);
  return (
    <Section title={t('form.grants')} hint={t('form.grantsHint')}>
      <GrantEditor
        value={grants}
        onChange={(next) => {
          setGrants(next);
          setError(null);
        }}
        showErrors={attempted}
      />
      {error && (
        <Alert color="red" variant="light" role="alert" py="xs">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() => {
            setAttempted(true);
            if (grants.some((grant) => grantProblem(grant))) return;
            save.mutate(grants, {
              onSuccess: (saved) => {
                setGrants(saved.grants);
                setAttempted(false);
                showSuccess(t('form.saved'));
              },
              onError: (failure) => setError(errorText(failure)),
            });
          }}
        >
          {t('form.save')}
        </Button>
      </Group>
    </Section>
  );
}

/** Per-person access (`POST/DELETE api/group/{id}/grants/user/{user}`), whatever the audience grants say. */
function UserGrants({ group }: { group: GroupDetailDto }) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const [person, setPerson] = useState<string[]>([]);
  const [level, setLevel] = useState<Level>('read');
  const give = useMutation(groupMutations.setUserGrant(client, group._id));
  const take = useMutation(groupMutations.removeUserGrant(client, group._id));
  const levels = USER_GRANT_LEVELS.map((value) => ({ value, label: t(`grants.levels.${value}`) }));
  return (
    <Section title={t('grants.title')} hint={t('grants.hint')}>
      {group.userGrants.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('grants.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {group.userGrants.map((grant) => (
            <Group key={grant.user._id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar person={grant.user} size={32} />
                <Text size="sm" truncate="end">
                  {grant.user.name}
                </Text>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" color={LEVEL_COLOR[grant.level]} radius="sm">
                  {t(`grants.levels.${grant.level}`)}
                </Badge>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('grants.remove', { name: grant.user.name })}
                  loading={take.isPending && take.variables === grant.user._id}
                  onClick={() => take.mutate(grant.user._id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <PeoplePicker
          label={t('grants.person')}
          value={person}
          maxValues={1}
          onChange={(ids) => setPerson(ids.slice(-1))}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={t('grants.level')}
          data={levels}
          value={level}
          allowDeselect={false}
          onChange={(value) => value && setLevel(value as Level)}
          w={150}
        />
        <Button
          disabled={!person.length}
          loading={give.isPending}
          onClick={() => give.mutate({ userId: person[0], level }, { onSuccess: () => setPerson([]) })}
        >
          {t('grants.add')}
        </Button>
      </Group>
    </Section>
  );
}

/** The group's settings for its managers: main fields, audience grants, personal grants, deletion. */
export function SettingsTab({ group }: { group: GroupDetailDto }) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const update = useMutation(groupMutations.update(client, group._id));
  const remove = useMutation(groupMutations.remove(client));
  return (
    <Stack gap="md" maw={760}>
      {group.can.edit && (
        <Section title={t('form.editTitle')}>
          <GroupFields
            key={group._id}
            initial={{
              name: group.name,
              description: group.description,
              type: group.type,
              cover: group.cover,
              avatar: group.avatar,
            }}
            submitLabel={t('form.save')}
            onSubmit={async (values) => {
              await update.mutateAsync(bodyOf(values));
              showSuccess(t('form.saved'));
            }}
          />
        </Section>
      )}
      {group.can.edit && <AudienceGrants group={group} />}
      {group.can.manage && <UserGrants group={group} />}
      {group.can.delete && (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          aria-label={t('danger.title')}
          style={{ borderColor: 'var(--mantine-color-red-4)' }}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <div>
              <Title order={2} size="h4">
                {t('danger.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('danger.text')}
              </Text>
            </div>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              {t('danger.delete')}
            </Button>
          </Group>
        </Paper>
      )}
      <ConfirmDialog
        opened={deleting}
        title={t('danger.confirmTitle', { name: group.name })}
        message={t('danger.confirmText')}
        confirmLabel={t('danger.delete')}
        danger
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(group._id);
          showSuccess(t('danger.deleted'));
          navigate('/groups/');
        }}
      />
    </Stack>
  );
}
