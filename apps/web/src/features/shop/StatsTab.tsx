import '@mantine/charts/styles.css';
import type { ShopSettingsDto, ShopStatPeriod } from '@hallway/shared/shop';
import { SHOP_STAT_PERIODS } from '@hallway/shared/shop';
import { AreaChart, BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { DayInput } from '../../ui/DayInput';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { CoinText, useCoins } from './Coins';
import { shopQueries } from './queries';
import { useShopTexts } from './texts';

const iso = (date: Date) => date.toISOString().slice(0, 10);
const PRESETS = {
  month: () => {
    const now = new Date();
    return [iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), iso(now)];
  },
  quarter: () => [iso(new Date(Date.now() - 90 * 86_400_000)), iso(new Date())],
  year: () => {
    const now = new Date();
    return [iso(new Date(Date.UTC(now.getUTCFullYear(), 0, 1))), iso(now)];
  },
} as const;
type Preset = keyof typeof PRESETS;

/** The shop's statistics over a period (managers): totals, earned against spent, top items and earners. */
export default function StatsTab({ shop }: { shop: ShopSettingsDto }) {
  const { t } = useShopTexts();
  const { client, lang } = useSession();
  const clientId = client?._id ?? '';
  const coins = useCoins(shop);
  const [preset, setPreset] = useState<Preset | 'custom'>('quarter');
  const [[from, to], setRange] = useState<string[]>(PRESETS.quarter());
  const [period, setPeriod] = useState<ShopStatPeriod>('week');
  const stats = useQuery(shopQueries.stats(clientId, from, to, period));
  return (
    <Stack>
      <Group wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t('stats.range')}
          data={[
            { value: 'month', label: t('stats.thisMonth') },
            { value: 'quarter', label: t('stats.quarter') },
            { value: 'year', label: t('stats.thisYear') },
            { value: 'custom', label: t('stats.custom') },
          ]}
          value={preset}
          onChange={(next) => {
            setPreset(next as Preset | 'custom');
            if (next !== 'custom') setRange(PRESETS[next as Preset]());
          }}
        />
        {preset === 'custom' && (
          <>
            <DayInput label={t('stats.from')} value={from} onChange={(day) => day && setRange([day, to])} />
            <DayInput label={t('stats.to')} value={to} onChange={(day) => day && setRange([from, day])} />
          </>
        )}
        <SegmentedControl
          aria-label={t('stats.by')}
          data={SHOP_STAT_PERIODS.map((value) => ({ value, label: t(`stats.periods.${value}`) }))}
          value={period}
          onChange={(next) => setPeriod(next as ShopStatPeriod)}
        />
      </Group>
      <QueryState query={stats} loading={<SkeletonRows rows={3} height={100} label={t('stats.loading')} />}>
        {(data) => (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Tile label={t('stats.earned')} value={coins(data.earned)} />
              <Tile label={t('stats.spent')} value={coins(data.spent)} />
              <Tile label={t('stats.purchases')} value={String(data.purchases)} />
              <Tile label={t('stats.held')} value={coins(data.held)} />
            </SimpleGrid>
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('stats.chart')}
              </Title>
              <AreaChart
                h={260}
                accessibilityLayer={false}
                data={data.series.map((s) => ({ ...s, day: formatDay(s.start, lang) }))}
                dataKey="day"
                series={[
                  { name: 'earned', label: t('stats.earned'), color: 'teal.6' },
                  { name: 'spent', label: t('stats.spent'), color: 'orange.6' },
                ]}
                curveType="monotone"
                withLegend
                tickLine="none"
              />
            </Card>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="sm">
                  {t('stats.topItems')}
                </Title>
                {data.top_items.length === 0 ? (
                  <EmptyState title={t('stats.noPurchases')} />
                ) : (
                  <BarChart
                    h={Math.max(120, data.top_items.length * 44 + 24)}
                    accessibilityLayer={false}
                    data={data.top_items.map((i) => ({ name: i.item.name, count: i.count }))}
                    dataKey="name"
                    orientation="vertical"
                    series={[{ name: 'count', label: t('stats.sold'), color: 'blue.6' }]}
                    withBarValueLabel
                    gridAxis="none"
                    tickLine="none"
                    yAxisProps={{ width: 140 }}
                  />
                )}
              </Card>
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="sm">
                  {t('stats.topEarners')}
                </Title>
                {data.top_earners.length === 0 ? (
                  <EmptyState title={t('stats.noEarnings')} />
                ) : (
                  <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {data.top_earners.map((e) => (
                      <Group key={e.user._id} component="li" justify="space-between" wrap="nowrap">
                        <Group gap="xs" wrap="nowrap">
                          <Avatar person={e.user} size={32} />
                          <Text size="sm">{e.user.name}</Text>
                        </Group>
                        <CoinText>{coins(e.earned)}</CoinText>
                      </Group>
                    ))}
                  </Stack>
                )}
              </Card>
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <CoinText size="xl">{value}</CoinText>
    </Card>
  );
}
