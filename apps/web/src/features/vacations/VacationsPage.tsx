import './vacations.css';
import type { VacationDto } from '@hallway/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Pagination,
  Progress,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconCheck, IconDots, IconPencil, IconPlus, IconTrash, IconUserPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { AbsenceChart } from './AbsenceChart';
import { Holidays } from './Holidays';
import { vacationMutations, vacationQueries } from './queries';
import { useVacationsTexts } from './texts';
import { VacationForm, VacationForSomeone } from './VacationForm';

const STATUS_COLOR: Record<VacationDto['status'], string> = {
  requested: 'yellow',
  approved: 'teal',
  declined: 'red',
  cancelled: 'gray',
};

const range = (vacation: VacationDto) =>
  `${dayjs(vacation.start).format('D MMM YYYY')} – ${dayjs(vacation.end).format('D MMM YYYY')}`;

/** /vacations (spec portal §2): the absence chart, one's own vacations with the balance, requests to decide. */
export default function VacationsPage() {
  const { t } = useVacationsTexts();
  const [tab, setTab] = useState<string | null>('chart');
  const [opened, setOpened] = useState<VacationDto | null>(null);
  const requests = useQuery(vacationQueries.requests(0));
  const waiting = requests.data?.total ?? 0;
  const editor = requests.data?.can.createForOthers ?? false;
  const [forSomeone, setForSomeone] = useState(false);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          editor && (
            <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setForSomeone(true)}>
              {t('forSomeone')}
            </Button>
          )
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('tabs.label')} className="hw-tabs-scroll">
          <Tabs.Tab value="chart">{t('tabs.chart')}</Tabs.Tab>
          <Tabs.Tab value="mine">{t('tabs.mine')}</Tabs.Tab>
          {waiting > 0 && (
            <Tabs.Tab
              value="requests"
              rightSection={
                <Badge size="sm" circle>
                  {waiting}
                </Badge>
              }
            >
              {t('tabs.requests')}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="holidays">{t('tabs.holidays')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chart" pt="md">
          <Card withBorder radius="lg" padding="md">
            <AbsenceChart onOpen={setOpened} />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="md">
          <MyVacations />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <Requests />
        </Tabs.Panel>
        <Tabs.Panel value="holidays" pt="md">
          <Holidays />
        </Tabs.Panel>
      </Tabs>
      <VacationDetails vacation={opened} onClose={() => setOpened(null)} />
      <VacationForSomeone opened={forSomeone} onClose={() => setForSomeone(false)} />
    </Stack>
  );
}

/** One's own balance, vacations and the request form. */
function MyVacations() {
  const { t } = useVacationsTexts();
  const { user } = useSession();
  const mine = useQuery(vacationQueries.person(user?._id ?? ''));
  const [form, setForm] = useState<{ vacation: VacationDto | null } | null>(null);

  return (
    <QueryState query={mine} loading={<SkeletonRows rows={3} height={64} />}>
      {({ result, can }) => (
        <Stack gap="md">
          <Card withBorder radius="lg" padding="lg">
            <Group justify="space-between" wrap="wrap" gap="md">
              <Stack gap={4} miw={220} style={{ flex: 1 }}>
                <Text size="sm" c="dimmed">
                  {t('mine.left')}
                </Text>
                <Text fz={32} fw={700} lh={1} data-testid="vacation-left">
                  {result.left}
                </Text>
                <Progress
                  value={result.balance > 0 ? (result.left / result.balance) * 100 : 0}
                  aria-label={t('mine.leftOf', { left: result.left, balance: result.balance })}
                  mt={6}
                />
                <Text size="xs" c="dimmed">
                  {t('mine.leftOf', { left: result.left, balance: result.balance })}
                </Text>
              </Stack>
              {can.create && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ vacation: null })}>
                  {t('mine.request')}
                </Button>
              )}
            </Group>
          </Card>
          {result.vacations.length === 0 ? (
            <Card withBorder radius="lg">
              <EmptyState title={t('mine.empty')} description={t('mine.emptyText')} />
            </Card>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {result.vacations.map((vacation) => (
                <VacationRow key={vacation._id} vacation={vacation} onEdit={() => setForm({ vacation })} />
              ))}
            </Stack>
          )}
          <VacationForm
            opened={!!form}
            onClose={() => setForm(null)}
            vacation={form?.vacation}
            left={result.left}
            vacations={result.vacations}
          />
        </Stack>
      )}
    </QueryState>
  );
}

function VacationRow({
  vacation,
  onEdit,
  showPerson,
}: {
  vacation: VacationDto;
  onEdit?: () => void;
  showPerson?: boolean;
}) {
  const { t } = useVacationsTexts();
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="vacation-row">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {showPerson && (
            <Avatar
              person={{ _id: vacation.user._id, name: vacation.user.name, avatar: vacation.user.avatar }}
              size={36}
            />
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            {showPerson && (
              <Text size="sm" fw={600} truncate>
                {vacation.user.name}
              </Text>
            )}
            <Text size="sm" fw={showPerson ? 400 : 600}>
              {range(vacation)}
            </Text>
            <Group gap="xs">
              <Badge size="sm" variant="light" color={STATUS_COLOR[vacation.status]}>
                {t(`status.${vacation.status}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('mine.days', { count: vacation.days })}
              </Text>
            </Group>
            {vacation.comment && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {vacation.comment}
              </Text>
            )}
          </Stack>
        </Group>
        <VacationActions vacation={vacation} onEdit={onEdit} />
      </Group>
    </Card>
  );
}

/** Change, cancel, approve and decline, each shown only when the server's `can` allows it. */
function VacationActions({ vacation, onEdit }: { vacation: VacationDto; onEdit?: () => void }) {
  const { t } = useVacationsTexts();
  const queryClient = useQueryClient();
  const decide = useMutation(vacationMutations.decide(queryClient));
  const remove = useMutation(vacationMutations.remove(queryClient));
  const [confirm, setConfirm] = useState<'delete' | 'decline' | null>(null);
  const canEdit = vacation.can.edit && !!onEdit;
  if (!canEdit && !vacation.can.delete && !vacation.can.decide) return null;

  return (
    <Group gap={4} wrap="nowrap">
      {vacation.can.decide && vacation.status === 'requested' && (
        <>
          <Button
            size="xs"
            color="teal"
            leftSection={<IconCheck size={14} />}
            loading={decide.isPending && decide.variables?.status === 'approved'}
            onClick={() =>
              decide.mutate(
                { id: vacation._id, status: 'approved' },
                { onSuccess: () => showSuccess(t('actions.approved')), onError: showError },
              )
            }
          >
            {t('actions.approve')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={14} />}
            onClick={() => setConfirm('decline')}
          >
            {t('actions.decline')}
          </Button>
        </>
      )}
      {(canEdit || vacation.can.delete) && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('actions.menu', {
                start: dayjs(vacation.start).format('D MMM'),
                end: dayjs(vacation.end).format('D MMM'),
              })}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canEdit && (
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
                {t('actions.edit')}
              </Menu.Item>
            )}
            {vacation.can.delete && (
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirm('delete')}>
                {t('actions.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <ConfirmDialog
        opened={confirm === 'delete'}
        title={t('actions.deleteTitle')}
        message={t('actions.deleteText', {
          start: dayjs(vacation.start).format('D MMM YYYY'),
          end: dayjs(vacation.end).format('D MMM YYYY'),
        })}
        confirmLabel={t('actions.delete')}
        danger
        onConfirm={async () => {
          await remove.mutateAsync({ userId: vacation.user._id, id: vacation._id });
          showSuccess(t('actions.deleted'));
        }}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={confirm === 'decline'}
        title={t('actions.declineTitle')}
        message={`${vacation.user.name}: ${range(vacation)}`}
        confirmLabel={t('actions.decline')}
        danger
        onConfirm={async () => {
          await decide.mutateAsync({ id: vacation._id, status: 'declined' });
          showSuccess(t('actions.declined'));
        }}
        onClose={() => setConfirm(null)}
      />
    </Group>
  );
}

/** Requested vacations the person may decide: their team's, or everyone's with `vacations_edit`. */
function Requests() {
  const { t } = useVacationsTexts();
  const [page, setPage] = useState(0);
  const requests = useQuery(vacationQueries.requests(page));
  return (
    <QueryState
      query={requests}
      loading={<SkeletonRows rows={3} height={64} />}
      isEmpty={(data) => data.result.length === 0}
      empty={<EmptyState title={t('requests.empty')} description={t('requests.emptyText')} />}
    >
      {(data) => (
        <Stack gap="xs">
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.result.map((vacation) => (
              <VacationRow key={vacation._id} vacation={vacation} showPerson />
            ))}
          </Stack>
          {data.pages > 1 && (
            <Pagination total={data.pages} value={page + 1} onChange={(value) => setPage(value - 1)} size="sm" />
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/** A vacation clicked on the chart: who, when, its state, and what the reader may do with it. */
function VacationDetails({ vacation, onClose }: { vacation: VacationDto | null; onClose: () => void }) {
  const { t } = useVacationsTexts();
  const person = useQuery({ ...vacationQueries.person(vacation?.user._id ?? ''), enabled: !!vacation?.can.edit });
  const [editing, setEditing] = useState(false);
  // The chart's copy may be older than the person's list: the list's copy is shown once it is there.
  const fresh = person.data?.result.vacations.find((one) => one._id === vacation?._id) ?? vacation;
  return (
    <>
      <Modal opened={!!vacation && !editing} onClose={onClose} title={t('actions.details')} centered>
        {fresh && (
          <Stack gap="sm">
            <VacationRow vacation={fresh} showPerson onEdit={person.data ? () => setEditing(true) : undefined} />
            {fresh.approver && (
              <Text size="xs" c="dimmed">
                {t('mine.approvedBy', { name: fresh.approver.name })}
              </Text>
            )}
          </Stack>
        )}
      </Modal>
      {person.data && fresh && (
        <VacationForm
          opened={editing}
          onClose={() => {
            setEditing(false);
            onClose();
          }}
          vacation={fresh}
          left={person.data.result.left}
          vacations={person.data.result.vacations}
        />
      )}
    </>
  );
}
