import type { UserListItem, UserStatus } from '@hallway/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconBuildingBank,
  IconCheck,
  IconDots,
  IconDownload,
  IconFileImport,
  IconHistory,
  IconMailForward,
  IconRestore,
  IconSearch,
  IconTrash,
  IconUserPlus,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { BREAKPOINTS } from '../../app/theme';
import { translateCode } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { OnDemandMenu } from '../../ui/OnDemandMenu';
import { TableSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { downloadExport, usePeopleTexts } from '../profile';
import { AddEmployeeModal } from './AddEmployeeModal';
import { BulkBar, type EmployeesView } from './BulkBar';
import { ImportModal } from './ImportModal';
import { InviteModal } from './InviteModal';
import { employeesMutations, employeesQueries } from './queries';
import { SelectPageBox, SelectRowBox, useSelection } from './Selection';
import { useEmployeesTexts } from './texts';

const PAGE = 25;

/** A part of an address: never broken inside, shortened with an ellipsis when wider than the column. */
const EMAIL_PART = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'top',
} as const;

/**
 * An e-mail address in a column of at most 16rem: it wraps only after the "@" (name and domain each stay whole,
 * an ellipsis shortening a part too long for the column), and the full address is its title.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <Text size="sm" title={email} maw="16rem" style={{ wordBreak: 'normal', overflowWrap: 'normal' }}>
      {at > 0 ? (
        <>
          <span style={EMAIL_PART}>{email.slice(0, at + 1)}</span>
          <wbr />
          <span style={EMAIL_PART}>{email.slice(at + 1)}</span>
        </>
      ) : (
        <span style={EMAIL_PART}>{email}</span>
      )}
    </Text>
  );
}

const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'teal',
  invited: 'yellow',
  deleted: 'red',
  pending: 'orange',
};

/** The person's standing as a badge: active, invited (no password of their own yet) or deleted. */
export function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = usePeopleTexts();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size="sm">
      {t(`employees.status.${status}`)}
    </Badge>
  );
}

/** When someone last signed in, as a short date and time in the reader's language; "Never" before the first. */
export function LastSignIn({ at }: { at: string | null }) {
  const { t, lang } = usePeopleTexts();
  if (!at) {
    return (
      <Text size="sm" c="dimmed">
        {t('employees.never')}
      </Text>
    );
  }
  const date = new Date(at);
  return (
    <Text size="sm" component="time" dateTime={at} title={date.toLocaleString(lang)}>
      {date.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })}
    </Text>
  );
}

/** The "all employees" tab: search, deleted ones, add, import, export, delete and restore. */
export function AllEmployeesTab() {
  const { t } = usePeopleTexts();
  const { client, user } = useSession();
  const queryClient = useQueryClient();
  const bulkTexts = useEmployeesTexts();
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  // The notification about a newcomer links to `?status=pending`.
  const [view, setViewState] = useState<EmployeesView>(params.get('status') === 'pending' ? 'pending' : 'active');
  const deleted = view === 'deleted';
  const selection = useSelection();
  const setView = (next: EmployeesView) => {
    setViewState(next);
    selection.replace([]);
    setPage(1);
  };
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState<'import' | 'hrm' | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<UserListItem | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Phones get name, position and actions; the other columns would need a sideways scroll.
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.sm})`, true);
  const workspace = client?.workspace ?? '';
  const filter = {
    search: debounced || undefined,
    deleted,
    ...(view === 'pending' ? { pending: true } : {}),
    page: page - 1,
    limit: PAGE,
  };
  const query = useQuery(employeesQueries.list(workspace, filter));
  const resetting = useMutation(employeesMutations.resetToHrm(queryClient));
  const deleting = useMutation(employeesMutations.setDeleted(queryClient));

  const exportFile = async (key: string, path: string, name: string) => {
    setExporting(key);
    try {
      await downloadExport(path, name);
    } catch (err) {
      showError(err);
    } finally {
      setExporting(null);
    }
  };
  const resending = useMutation(employeesMutations.resendInvitation(queryClient));
  const resend = (person: UserListItem) =>
    resending.mutate(person._id, {
      onSuccess: (invited) => showSuccess(t('employees.resent', { email: invited.email })),
      onError: showError,
    });
  const deciding = useMutation(employeesMutations.bulk(queryClient));
  const decide = (person: UserListItem, approve: boolean) =>
    deciding.mutate(
      { action: approve ? 'approve' : 'decline', ids: [person._id] },
      {
        onSuccess: ([outcome]) =>
          outcome?.ok
            ? showSuccess(bulkTexts.t('done', { count: 1 }))
            : showError(new Error(translateCode(outcome?.code ?? 'unknown'))),
        onError: showError,
      },
    );
  const restoreFromHrm = (person: UserListItem) =>
    resetting.mutate(person._id, { onSuccess: () => showSuccess(t('employees.resetHrmDone')) });

  // The table's rows render in a background render React can pause, not in the one that answers the query.
  const loaded = query.data?.result;
  const rows = useDeferredValue(loaded) ?? [];
  const total = query.data?.total ?? 0;
  let content = (
    <QueryState
      query={query}
      loading={<TableSkeleton />}
      isEmpty={() => !loaded?.length}
      empty={
        <EmptyState
          icon={<IconUsers size={28} stroke={1.5} />}
          title={t('employees.emptyTitle')}
          description={
            view === 'pending'
              ? bulkTexts.t('pendingHint')
              : deleted && !debounced
                ? t('employees.emptyDeleted')
                : t('employees.emptyText')
          }
        />
      }
    >
      {() => null}
    </QueryState>
  );
  if (query.data && loaded?.length && rows.length === 0 && !query.isError) content = <TableSkeleton />;
  if (query.data && rows.length > 0 && !query.isError) {
    content = (
      <Table.ScrollContainer minWidth={wide ? 900 : 0}>
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <SelectPageBox rows={rows} selection={selection} />
              </Table.Th>
              <Table.Th>{t('employees.name')}</Table.Th>
              {wide && <Table.Th>{t('fields.position')}</Table.Th>}
              {wide && <Table.Th>{t('fields.department')}</Table.Th>}
              {wide && <Table.Th>{t('fields.email')}</Table.Th>}
              {wide && <Table.Th>{t('employees.roles')}</Table.Th>}
              {/* A badge's label may shrink to an ellipsis: the column keeps room for the longest status. */}
              {wide && <Table.Th miw={104}>{t('employees.status.column')}</Table.Th>}
              {wide && <Table.Th miw={120}>{t('employees.lastSignIn')}</Table.Th>}
              <Table.Th w={56}>
                <VisuallyHidden>{t('employees.actionsColumn')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((person) => (
              <Table.Tr key={person._id} data-testid="employee-row">
                <Table.Td>
                  <SelectRowBox person={person} selection={selection} />
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar person={person} />
                    <Stack gap={0}>
                      <Anchor component={Link} to={`/profile/${person._id}`} size="sm" fw={500}>
                        {person.fullName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {wide ? person.login : person.position}
                      </Text>
                    </Stack>
                    {/* Phones have no status column: a badge says what is not the usual "active". */}
                    {!wide && person.status !== 'active' && <StatusBadge status={person.status} />}
                  </Group>
                </Table.Td>
                {wide && <Table.Td>{person.position}</Table.Td>}
                {wide && (
                  <>
                    <Table.Td>{person.department}</Table.Td>
                    <Table.Td>{person.email && <EmailText email={person.email} />}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {person.roles
                          .filter((r): r is 'admin' | 'hr' => r === 'admin' || r === 'hr')
                          .map((role) => (
                            <Badge key={role} variant="light" size="sm">
                              {t(`employees.role.${role}`)}
                            </Badge>
                          ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={person.status} />
                    </Table.Td>
                    <Table.Td>
                      <LastSignIn at={person.last_sign_in} />
                    </Table.Td>
                  </>
                )}
                <Table.Td>
                  <OnDemandMenu
                    position="bottom-end"
                    withinPortal
                    target={
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={t('employees.actions', { name: person.fullName })}
                        loading={exporting === person._id}
                      >
                        <IconDots size={18} />
                      </ActionIcon>
                    }
                  >
                    <Menu.Item
                      leftSection={<IconDownload size={16} />}
                      onClick={() =>
                        void exportFile(person._id, `/api/user/export/${person._id}`, `employee-${person.login}.xlsx`)
                      }
                    >
                      {t('employees.exportOne')}
                    </Menu.Item>
                    {person.status === 'invited' && (
                      <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => resend(person)}>
                        {t('employees.resendInvite')}
                      </Menu.Item>
                    )}
                    {person.from_hrm && (
                      <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => restoreFromHrm(person)}>
                        {t('employees.resetHrm')}
                      </Menu.Item>
                    )}
                    {person.status === 'pending' && (
                      <>
                        <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => decide(person, true)}>
                          {bulkTexts.t('approveOne')}
                        </Menu.Item>
                        <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => decide(person, false)}>
                          {bulkTexts.t('declineOne')}
                        </Menu.Item>
                      </>
                    )}
                    {person._id !== user?._id && person.status !== 'pending' && (
                      <Menu.Item
                        color={person.deletion_mark ? undefined : 'red'}
                        leftSection={person.deletion_mark ? <IconRestore size={16} /> : <IconTrash size={16} />}
                        onClick={() => setConfirming(person)}
                      >
                        {person.deletion_mark ? t('employees.restore') : t('employees.delete')}
                      </Menu.Item>
                    )}
                  </OnDemandMenu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('employees.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 280 }}
          />
          <Switch
            label={t('employees.showDeleted')}
            checked={deleted}
            onChange={(event) => setView(event.currentTarget.checked ? 'deleted' : 'active')}
            mb={8}
          />
          <Switch
            label={bulkTexts.t('showPending')}
            checked={view === 'pending'}
            onChange={(event) => setView(event.currentTarget.checked ? 'pending' : 'active')}
            mb={8}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconMailForward size={16} />} onClick={() => setInviting(true)}>
            {t('employees.invite')}
          </Button>
          <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            {t('employees.add')}
          </Button>
          <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={() => setImporting('import')}>
            {t('employees.import')}
          </Button>
          <Button variant="light" leftSection={<IconBuildingBank size={16} />} onClick={() => setImporting('hrm')}>
            {t('employees.hrm')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting === 'all'}
            loaderProps={{ type: 'dots' }}
            onClick={() => client && void exportFile('all', `/api/user/export/all/${client._id}`, 'employees.xlsx')}
          >
            {t('employees.exportAll')}
          </Button>
        </Group>
      </Group>
      {exporting && (
        <Text size="sm" c="dimmed" role="status">
          {t('employees.exporting')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {query.data ? t('employees.total', { count: total }) : '\u00a0'}
      </Text>
      <BulkBar view={view} selected={selection.selected} onSelect={selection.replace} />
      {content}
      {total > PAGE && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(total / PAGE)}
            value={page}
            onChange={setPage}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('employees.previousPage') }
                : control === 'next'
                  ? { 'aria-label': t('employees.nextPage') }
                  : {}
            }
            getItemProps={(page) => ({ 'aria-label': t('employees.pageNumber', { page }) })}
          />
        </Group>
      )}
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
      <AddEmployeeModal opened={adding} onClose={() => setAdding(false)} />
      <ImportModal kind={importing ?? 'import'} opened={!!importing} onClose={() => setImporting(null)} />
      <ConfirmDialog
        opened={!!confirming}
        onClose={() => setConfirming(null)}
        title={confirming?.deletion_mark ? t('employees.restoreTitle') : t('employees.deleteTitle')}
        message={
          confirming
            ? t(confirming.deletion_mark ? 'employees.restoreText' : 'employees.deleteText', {
                name: confirming.fullName,
              })
            : undefined
        }
        confirmLabel={confirming?.deletion_mark ? t('employees.restore') : t('employees.delete')}
        danger={!confirming?.deletion_mark}
        onConfirm={async () => {
          if (!confirming) return;
          await deleting.mutateAsync({ id: confirming._id, deleted: !confirming.deletion_mark });
        }}
      />
    </Stack>
  );
}
