import type { BalanceRow, LedgerEntryDto, ShopSettingsDto } from '@hallway/shared/shop';
import {
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconCheck,
  IconEraser,
  IconGift,
  IconReceipt,
  IconSearch,
} from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { formatDayTime } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadMore } from '../../ui/LoadMore';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { AccrualForm, type AccrualPreset } from './AccrualForm';
import type * as shopApi from './api';
import { BadgeArt, CoinText, useCoins } from './Coins';
import { shopMutations, shopQueries } from './queries';
import { useShopTexts } from './texts';

const VIEWS = ['mine', 'everyone', 'purchases'] as const;
type View = (typeof VIEWS)[number];

/** My coins, achievements and history; managers also see everyone's balances and the purchases to hand over. */
export default function BalanceTab({ shop }: { shop: ShopSettingsDto }) {
  const { t } = useShopTexts();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view') as View | null;
  const view: View = shop.can.manage && asked && VIEWS.includes(asked) ? asked : 'mine';
  return (
    <Stack>
      {shop.can.manage && (
        <SegmentedControl
          aria-label={t('balance.views')}
          data={VIEWS.map((value) => ({ value, label: t(`balance.${value}`) }))}
          value={view}
          onChange={(next) => setParams(next === 'mine' ? {} : { view: next }, { replace: true })}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      {view === 'mine' && <Mine shop={shop} />}
      {view === 'everyone' && <Everyone shop={shop} />}
      {view === 'purchases' && <Purchases shop={shop} />}
    </Stack>
  );
}

function Mine({ shop }: { shop: ShopSettingsDto }) {
  const { t } = useShopTexts();
  const { user } = useSession();
  const me = user?._id ?? '';
  const balance = useQuery(shopQueries.balance(me));
  const coins = useCoins(shop);
  return (
    <Stack gap="lg">
      <QueryState query={balance} loading={<SkeletonRows rows={1} height={96} label={t('balance.loading')} />}>
        {(data) => (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Stat label={t('balance.amount')} value={coins(data.amount ?? 0)} big />
              <Stat label={t('balance.earned')} value={coins(data.earned ?? 0)} />
              <Stat label={t('balance.spent')} value={coins(data.spent ?? 0)} />
            </SimpleGrid>
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('balance.myAchievements')}
              </Title>
              {data.ach.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('balance.noAchievements')}
                </Text>
              ) : (
                <Group gap="md">
                  {data.ach.map((a) => (
                    <Tooltip
                      key={a._id}
                      label={a.comment || a.achievement.description || a.achievement.name}
                      multiline
                      w={240}
                    >
                      <Stack gap={4} align="center" w={96} tabIndex={0} role="img" aria-label={a.achievement.name}>
                        <BadgeArt pic={a.achievement.pic} name={a.achievement.name} />
                        <Text size="xs" ta="center" lineClamp={2}>
                          {a.achievement.name}
                        </Text>
                      </Stack>
                    </Tooltip>
                  ))}
                </Group>
              )}
            </Stack>
          </Stack>
        )}
      </QueryState>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('history.title')}
        </Title>
        <History shop={shop} userId={me} />
      </Stack>
    </Stack>
  );
}

function Stat({ label, value, big = false }: { label: string; value: string; big?: boolean }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <CoinText size={big ? '2rem' : 'xl'}>{value}</CoinText>
    </Card>
  );
}

/** A person's ledger, newest first; a manager cancels accruals from it. */
export function History({ shop, userId }: { shop: ShopSettingsDto; userId: string }) {
  const { t } = useShopTexts();
  const { lang } = useSession();
  const queries = useQueryClient();
  const history = useInfiniteQuery(shopQueries.history(userId));
  const coins = useCoins(shop);
  const [cancelling, setCancelling] = useState<LedgerEntryDto | null>(null);
  const cancel = useMutation(shopMutations.cancelAccrual(queries));
  return (
    <>
      <QueryState
        query={{ ...history, data: history.data?.pages.flatMap((p) => p.result) }}
        loading={<SkeletonRows rows={3} label={t('history.loading')} />}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            icon={<IconReceipt size={32} />}
            title={t('history.emptyTitle')}
            description={t('history.emptyText')}
          />
        }
      >
        {(rows) => (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((entry) => (
              <Group
                key={entry._id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="sm" wrap="nowrap" miw={0}>
                  {entry.amount >= 0 ? (
                    <IconArrowUpRight color="var(--mantine-color-teal-filled)" aria-hidden />
                  ) : (
                    <IconArrowDownRight color="var(--mantine-color-red-filled)" aria-hidden />
                  )}
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={500} td={entry.cancelled ? 'line-through' : undefined}>
                      {entryTitle(entry, t)}
                    </Text>
                    {entry.comment && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {entry.comment}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatDayTime(entry.date, lang)}
                      {entry.by && entry.kind !== 'purchase' ? ` · ${entry.by.name}` : ''}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  {entry.handed !== null && (
                    <Badge color={entry.handed ? 'teal' : 'yellow'} variant="light">
                      {entry.handed ? t('history.handed') : t('history.waiting')}
                    </Badge>
                  )}
                  {entry.cancelled && <Badge variant="light">{t('history.cancelled')}</Badge>}
                  <CoinText>{coins(entry.amount, true)}</CoinText>
                  {entry.can.cancel && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setCancelling(entry)}>
                      {t('history.cancel')}
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      <LoadMore query={history} label={t('history.more')} />
      <ConfirmDialog
        opened={cancelling !== null}
        title={t('history.cancelTitle')}
        message={t('history.cancelText')}
        confirmLabel={t('history.cancelConfirm')}
        danger
        onConfirm={() => cancel.mutateAsync(cancelling!.accrual_id!)}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}

function entryTitle(entry: LedgerEntryDto, t: ReturnType<typeof useShopTexts>['t']): string {
  if (entry.kind === 'purchase') return t('history.purchase', { name: entry.item?.name ?? '' });
  if (entry.kind === 'nullification') return t('history.nullification');
  if (entry.kind === 'cancellation') return t('history.cancellation');
  return entry.achievement ? t('history.accrualWith', { name: entry.achievement.name }) : t('history.accrual');
}

const BALANCES_PAGE = 25;

function Everyone({ shop }: { shop: ShopSettingsDto }) {
  const { t } = useShopTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const queries = useQueryClient();
  const coins = useCoins(shop);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<'name' | 'amount' | 'earned' | 'spent'>('amount');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const list = useQuery(
    shopQueries.balances(clientId, { q, sort, order, limit: BALANCES_PAGE, offset: (page - 1) * BALANCES_PAGE }),
  );
  const [person, setPerson] = useState<BalanceRow | null>(null);
  const [giving, setGiving] = useState<AccrualPreset | null>(null);
  const [nullifying, setNullifying] = useState(false);
  const nullify = useMutation(shopMutations.nullify(queries, clientId));
  const sortBy = (column: typeof sort) => {
    if (sort === column) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'name' ? 'asc' : 'desc');
    }
    setPage(1);
  };
  const header = (column: typeof sort, label: string) => (
    <Table.Th aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => sortBy(column)} fw={600} fz="sm">
        {label}
        {sort === column ? (order === 'asc' ? ' ↑' : ' ↓') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <TextInput
          aria-label={t('balances.search')}
          placeholder={t('balances.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        <Group gap="xs">
          <Button leftSection={<IconGift size={16} />} onClick={() => setGiving({})}>
            {t('accrual.open')}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconEraser size={16} />}
            onClick={() => setNullifying(true)}
          >
            {t('balances.nullify')}
          </Button>
        </Group>
      </Group>
      <QueryState query={list} loading={<SkeletonRows rows={5} label={t('balances.loading')} />}>
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    {header('name', t('balances.person'))}
                    {header('amount', t('balance.amount'))}
                    {header('earned', t('balance.earned'))}
                    {header('spent', t('balance.spent'))}
                    <Table.Th>{t('balances.achievements')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.result.map((row) => (
                    <Table.Tr key={row.user._id}>
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => setPerson(row)}
                          aria-label={t('balances.open', { name: row.user.name })}
                        >
                          <Group gap="xs" wrap="nowrap">
                            <Avatar person={row.user} size={28} link={false} />
                            <Stack gap={0}>
                              <Text size="sm" fw={500}>
                                {row.user.name}
                              </Text>
                              <Text size="xs" c="dimmed">
                                {row.user.position}
                              </Text>
                            </Stack>
                          </Group>
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        <CoinText>{coins(row.amount)}</CoinText>
                      </Table.Td>
                      <Table.Td>{coins(row.earned)}</Table.Td>
                      <Table.Td>{coins(row.spent)}</Table.Td>
                      <Table.Td>{row.achievements}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.total > BALANCES_PAGE && (
              <Pagination
                total={Math.ceil(data.total / BALANCES_PAGE)}
                value={page}
                onChange={setPage}
                aria-label={t('balances.pages')}
              />
            )}
          </>
        )}
      </QueryState>
      <Drawer
        opened={person !== null}
        onClose={() => setPerson(null)}
        position="right"
        size="lg"
        title={person?.user.name}
      >
        {person && (
          <Stack>
            <Group>
              <CoinText size="xl">{coins(person.amount)}</CoinText>
              <Button
                size="xs"
                leftSection={<IconGift size={14} />}
                onClick={() => setGiving({ who: person.user._id })}
              >
                {t('accrual.open')}
              </Button>
            </Group>
            <History shop={shop} userId={person.user._id} />
          </Stack>
        )}
      </Drawer>
      <AccrualForm preset={giving} onClose={() => setGiving(null)} />
      <ConfirmDialog
        opened={nullifying}
        title={t('balances.nullifyTitle')}
        message={t('balances.nullifyText')}
        confirmLabel={t('balances.nullifyConfirm')}
        danger
        onConfirm={async () => {
          const done = await nullify.mutateAsync();
          showSuccess(t('balances.nullified', { count: done.people }));
        }}
        onClose={() => setNullifying(false)}
      />
    </Stack>
  );
}

function Purchases({ shop }: { shop: ShopSettingsDto }) {
  const { t } = useShopTexts();
  const { client, lang } = useSession();
  const clientId = client?._id ?? '';
  const queries = useQueryClient();
  const coins = useCoins(shop);
  const [state, setState] = useState<shopApi.PurchaseState>('pending');
  const list = useInfiniteQuery(shopQueries.purchases(clientId, state));
  const hand = useMutation(shopMutations.handOver(queries));
  return (
    <Stack>
      <SegmentedControl
        aria-label={t('purchases.states')}
        data={(['pending', 'handed', 'all'] as const).map((value) => ({ value, label: t(`purchases.${value}`) }))}
        value={state}
        onChange={(next) => setState(next as shopApi.PurchaseState)}
        style={{ alignSelf: 'flex-start' }}
        size="xs"
      />
      <QueryState
        query={{ ...list, data: list.data?.pages.flatMap((p) => p.result) }}
        loading={<SkeletonRows rows={3} label={t('purchases.loading')} />}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            icon={<IconReceipt size={32} />}
            title={t('purchases.emptyTitle')}
            description={t('purchases.emptyText')}
          />
        }
      >
        {(rows) => (
          <Stack gap="xs">
            {rows.map((p) => (
              <Card key={p._id} withBorder radius="md" padding="sm" component="article" aria-label={p.item.name}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar person={p.buyer} size={36} link={false} />
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {t('purchases.line', { name: p.buyer.name, item: p.item.name })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDayTime(p.date, lang)} · {coins(p.cost)}
                        {p.handed_by ? ` · ${t('purchases.handedBy', { name: p.handed_by.name })}` : ''}
                      </Text>
                    </Stack>
                  </Group>
                  {p.can.hand ? (
                    <Button
                      size="xs"
                      leftSection={<IconCheck size={14} />}
                      loading={hand.isPending && hand.variables === p._id}
                      onClick={() =>
                        hand.mutate(p._id, {
                          onSuccess: () => showSuccess(t('purchases.handedDone', { name: p.buyer.name })),
                        })
                      }
                    >
                      {t('purchases.hand')}
                    </Button>
                  ) : (
                    <Badge color="teal" variant="light">
                      {t('history.handed')}
                    </Badge>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
      <LoadMore query={list} label={t('purchases.more')} />
    </Stack>
  );
}
