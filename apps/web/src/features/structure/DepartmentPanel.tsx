import type { PersonCard, StructureNodeDto } from '@hallway/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  CloseButton,
  Divider,
  Group,
  Menu,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCrown, IconCrownOff, IconDots, IconGripVertical, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { errorText } from '../../i18n/errors';
import { Avatar, displayName } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { useStructureView } from './context';
import { structureMutations, structureQueries } from './queries';
import { DepartmentMenu } from './TreeView';
import { useStructureTexts } from './texts';

/** The selected department: its description, head and people; assigning, moving out and the head for editors. */
export function DepartmentPanel({
  clientId,
  node,
  onClose,
}: {
  clientId: string;
  node: StructureNodeDto;
  onClose: () => void;
}) {
  const { t } = useStructureTexts();
  const view = useStructureView();
  const queryClient = useQueryClient();
  const members = useQuery(structureQueries.department(clientId, view.type, node._id));
  const setMembers = useMutation(structureMutations.setMembers(queryClient));
  const removePerson = useMutation(structureMutations.removePerson(queryClient));
  const clearHead = useMutation(structureMutations.clearHead(queryClient));
  const [removing, setRemoving] = useState<PersonCard | null>(null);
  const headId = members.data?.headUser?._id ?? null;

  const makeHead = (person: PersonCard) =>
    setMembers.mutate(
      { dept_id: node._id, head: person._id },
      { onSuccess: () => showSuccess(t('panel.headSet', { name: person.name })), onError: showError },
    );

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="department-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('panel.title')}
            </Text>
            <Title order={2} size="h4" id="department-title" style={{ wordBreak: 'break-word' }}>
              {node.name}
            </Title>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <DepartmentMenu node={node} />
            <CloseButton onClick={onClose} aria-label={t('panel.close')} />
          </Group>
        </Group>
        {node.description && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {node.description}
          </Text>
        )}
        <Group gap="xs">
          <Badge variant="light">{t('members', { count: node.count })}</Badge>
          {node.total !== node.count && (
            <Badge variant="light" color="gray">
              {t('membersTotal', { count: node.total })}
            </Badge>
          )}
        </Group>
        {view.canEdit && <AssignPeople clientId={clientId} deptId={node._id} />}
        <Divider label={t('panel.people')} labelPosition="left" />
        <QueryState
          query={members}
          loading={<SkeletonRows rows={3} height={40} />}
          isEmpty={(data) => data.users.length === 0}
          empty={<EmptyState title={t('panel.noPeople')} />}
        >
          {(data) => (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.users.map((person) => (
                <PersonRow
                  key={person._id}
                  person={person}
                  deptId={node._id}
                  isHead={person._id === headId}
                  onMakeHead={() => makeHead(person)}
                  onClearHead={() => clearHead.mutate(node._id, { onError: showError })}
                  onRemove={() => setRemoving(person)}
                />
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={!!removing}
        title={t('panel.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('panel.removePerson')}
        danger
        onConfirm={() => removePerson.mutateAsync({ deptId: node._id, userId: removing!._id })}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

function PersonRow({
  person,
  deptId,
  isHead,
  onMakeHead,
  onClearHead,
  onRemove,
}: {
  person: PersonCard;
  deptId: string;
  isHead: boolean;
  onMakeHead: () => void;
  onClearHead: () => void;
  onRemove: () => void;
}) {
  const { t } = useStructureTexts();
  const view = useStructureView();
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      py={4}
      data-testid="dept-member"
      draggable={view.canEdit}
      onDragStart={(event) => {
        view.dragged.current = { kind: 'person', id: person._id, name: person.name, from: deptId };
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', person.name);
      }}
      onDragEnd={() => {
        view.dragged.current = null;
      }}
      title={view.canEdit ? t('panel.dragPerson', { name: person.name }) : undefined}
    >
      {view.canEdit && <IconGripVertical size={14} color="var(--mantine-color-dimmed)" aria-hidden />}
      <Avatar person={{ _id: person._id, name: person.name, avatar: person.avatar }} size={32} />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Anchor component={Link} to={`/profile/${person._id}`} size="sm" fw={500} truncate>
          {person.name}
        </Anchor>
        {person.position && (
          <Text size="xs" c="dimmed" truncate>
            {person.position}
          </Text>
        )}
      </Stack>
      {isHead && (
        <Badge size="sm" color="yellow" variant="light" leftSection={<IconCrown size={12} />}>
          {t('head')}
        </Badge>
      )}
      {view.canEdit && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('panel.personActions', { name: person.name })}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {isHead ? (
              <Menu.Item leftSection={<IconCrownOff size={14} />} onClick={onClearHead}>
                {t('panel.clearHead')}
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconCrown size={14} />} onClick={onMakeHead}>
                {t('panel.makeHead')}
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconUserMinus size={14} />} onClick={onRemove}>
              {t('panel.removePerson')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** Picks a person from the workspace's people (the address book's search) and adds them to the department. */
function AssignPeople({ clientId, deptId }: { clientId: string; deptId: string }) {
  const { t } = useStructureTexts();
  const { client } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  const people = useQuery(structureQueries.people(client?.workspace ?? '', debounced));
  const add = useMutation(structureMutations.addPeople(queryClient, clientId));
  const options = (people.data ?? []).map((person) => ({
    value: person._id,
    label: [displayName(person), person.position].filter(Boolean).join(' · '),
  }));

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t('panel.pickPerson')}
          placeholder={t('panel.pickPlaceholder')}
          searchable
          clearable
          data={options}
          value={picked}
          onChange={setPicked}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={debounced.trim() && !people.isFetching ? t('searchNothing') : undefined}
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          leftSection={<IconUserPlus size={16} />}
          disabled={!picked}
          loading={add.isPending}
          onClick={() =>
            picked &&
            add.mutate(
              { deptId, users: [picked] },
              {
                onSuccess: () => {
                  setPicked(null);
                  setSearch('');
                  showSuccess(t('panel.added'));
                },
              },
            )
          }
        >
          {t('panel.add')}
        </Button>
      </Group>
      {add.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(add.error)}
        </Text>
      )}
    </Stack>
  );
}
