import type { AssignableRole, ClientDto, Right, UserDto } from '@hallway/shared';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { offeredRights } from '../../app/features';
import { useSession } from '../../app/session/context';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { profileQueries, usePeopleTexts, usePersonUpdated, type WorkspaceChanges } from '../profile';
import { employeesMutations, employeesQueries } from './queries';

const ROLES: AssignableRole[] = ['admin', 'hr'];

/** One employee's roles and rights, each switch saved at once. */
function PersonRights({ id, rights }: { id: string; rights: Right[] }) {
  const { t } = usePeopleTexts();
  const { user } = useSession();
  const updated = usePersonUpdated();
  const roleChange = useMutation(employeesMutations.setRole());
  const rightsChange = useMutation(employeesMutations.setRights());
  const [saving, setSaving] = useState<string | null>(null);
  // The switch moves at once; the server's answer (or a failure) settles it.
  const [pendingValue, setPendingValue] = useState<boolean | null>(null);
  const query = useQuery(profileQueries.person(id));
  if (!query.data || query.isError) return <QueryState query={query}>{() => null}</QueryState>;
  const person = query.data;
  const self = person._id === user?._id;
  const change = async (key: string, value: boolean, call: () => Promise<UserDto>) => {
    setSaving(key);
    setPendingValue(value);
    try {
      updated(await call());
    } catch (err) {
      showError(err);
    } finally {
      setSaving(null);
      setPendingValue(null);
    }
  };
  const shown = (key: string, actual: boolean) => (saving === key && pendingValue !== null ? pendingValue : actual);
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('employees.personRoles')}
        </Title>
        <Group gap="xl">
          {ROLES.map((role) => (
            <Switch
              key={role}
              label={t(`employees.${role}`)}
              checked={shown(`role:${role}`, person.roles.includes(role))}
              disabled={self || (saving !== null && saving !== `role:${role}`)}
              onChange={(event) => {
                const grant = event.currentTarget.checked;
                void change(`role:${role}`, grant, () => roleChange.mutateAsync({ id: person._id, role, grant }));
              }}
            />
          ))}
        </Group>
        {self && (
          <Text size="xs" c="dimmed">
            {t('employees.ownRole')}
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('employees.personRights', { name: person.fullName })}
        </Title>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          role="group"
          aria-label={t('employees.personRights', { name: person.fullName })}
        >
          {rights.map((right) => (
            <Switch
              key={right}
              label={t(`rights.${right}`)}
              checked={shown(`right:${right}`, person.rights[right])}
              disabled={saving !== null && saving !== `right:${right}`}
              onChange={(event) => {
                const allowed = event.currentTarget.checked;
                void change(`right:${right}`, allowed, () =>
                  rightsChange.mutateAsync({ id: person._id, rights: { [right]: allowed } }),
                );
              }}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

/** Finds someone by name on the server, for workspaces of any size. */
function EmployeePicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = usePeopleTexts();
  const { client } = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const workspace = client?.workspace ?? '';
  const query = useQuery(employeesQueries.picker(workspace, debounced));
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const options = (query.data?.result ?? []).map((p) => ({ value: p._id, label: p.fullName }));
  if (picked && !options.some((o) => o.value === picked.value)) options.unshift(picked);
  return (
    <Select
      label={t('employees.pickEmployee')}
      placeholder={t('employees.pickEmployeeHint')}
      data={options}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(id, option) => {
        setPicked(option ?? null);
        onChange(id);
      }}
      nothingFoundMessage={query.isFetching ? '…' : t('employees.emptyTitle')}
      w={{ base: '100%', sm: 360 }}
      clearable
    />
  );
}

type Pending = { kind: 'right'; right: Right; allow: boolean } | { kind: 'role'; role: AssignableRole; grant: boolean };

/** Rights and roles: one employee's, everyone's at once, and the defaults for new or imported employees. */
export function RightsTab({
  workspace,
  onSaved,
}: {
  workspace: ClientDto;
  onSaved: (changes: WorkspaceChanges) => Promise<void>;
}) {
  const { t } = usePeopleTexts();
  const [personId, setPersonId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [defaultsPending, setDefaultsPending] = useState<Partial<Record<Right, boolean>>>({});
  const defaults = { ...workspace.settings.defaultRights, ...defaultsPending };
  const rights = offeredRights(workspace);
  const forAll = useMutation(employeesMutations.setForAll(useQueryClient(), workspace._id));
  const saveDefault = async (right: Right, allowed: boolean) => {
    setDefaultsPending((current) => ({ ...current, [right]: allowed }));
    try {
      await onSaved({ settings: { defaultRights: { [right]: allowed } } });
    } catch (err) {
      showError(err);
    } finally {
      setDefaultsPending(({ [right]: _done, ...rest }) => rest);
    }
  };

  const applyToAll = async () => {
    if (!pending) return;
    const answer = await forAll.mutateAsync(
      pending.kind === 'right'
        ? { kind: 'right', rights: { [pending.right]: pending.allow } }
        : { kind: 'role', role: pending.role, grant: pending.grant },
    );
    showSuccess(t('employees.changedFor', { count: answer.users.length }));
  };

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <EmployeePicker value={personId} onChange={setPersonId} />
          {personId ? (
            <PersonRights id={personId} rights={rights} />
          ) : (
            <Text c="dimmed">{t('employees.pickFirst')}</Text>
          )}
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            {t('employees.rightsNotice')}
          </Alert>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('employees.forAll')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('employees.forAllHint')}
          </Text>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {ROLES.map((role) => (
                  <BulkRow
                    key={role}
                    label={t(`employees.${role}`)}
                    strong
                    on={{ text: t('employees.grantAll'), run: () => setPending({ kind: 'role', role, grant: true }) }}
                    off={{
                      text: t('employees.revokeAll'),
                      run: () => setPending({ kind: 'role', role, grant: false }),
                    }}
                  />
                ))}
                {rights.map((right) => (
                  <BulkRow
                    key={right}
                    label={t(`rights.${right}`)}
                    on={{ text: t('employees.allowAll'), run: () => setPending({ kind: 'right', right, allow: true }) }}
                    off={{
                      text: t('employees.forbidAll'),
                      run: () => setPending({ kind: 'right', right, allow: false }),
                    }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('employees.defaults')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" role="group" aria-label={t('employees.defaults')}>
            {rights.map((right) => (
              <Switch
                key={right}
                label={t(`rights.${right}`)}
                checked={defaults[right]}
                onChange={(event) => void saveDefault(right, event.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Card>

      <ConfirmDialog
        opened={!!pending}
        onClose={() => setPending(null)}
        title={t('employees.forAllTitle')}
        message={
          pending?.kind === 'right'
            ? t('employees.forAllRight', {
                right: t(`rights.${pending.right}`),
                action: pending.allow ? t('employees.allowed') : t('employees.forbidden'),
              })
            : pending
              ? t('employees.forAllRole', {
                  role: t(`employees.${pending.role}`),
                  action: pending.grant ? t('employees.granted') : t('employees.revoked'),
                })
              : undefined
        }
        danger={pending?.kind === 'role' ? !pending.grant : pending ? !pending.allow : false}
        onConfirm={applyToAll}
      />
    </Stack>
  );
}

/** One row of the bulk table: a role or a right, given to everyone or taken from everyone (after a confirmation). */
function BulkRow({
  label,
  strong,
  on,
  off,
}: {
  label: string;
  strong?: boolean;
  on: { text: string; run: () => void };
  off: { text: string; run: () => void };
}) {
  return (
    <Table.Tr>
      <Table.Td fw={strong ? 500 : undefined}>{label}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" onClick={on.run}>
            {on.text}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={off.run}>
            {off.text}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
