import '@mantine/charts/styles.css';
import { MOOD_MIN_ANSWERS_MAX, type MoodStat } from '@hallway/shared/mood';
import { BarChart, LineChart } from '@mantine/charts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { errorText } from '../../i18n/errors';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { colorOf, FACES, faceOf } from './faces';
import { moodMutations, moodQueries } from './queries';
import { useMoodTexts } from './texts';

const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The employees' "mood statistics" tab (portal §2; modules §7 "Mood"): one or two weeks ending on a day the
 * administrator moves back and forth; the average, how the answers spread over the faces, the days and the
 * departments, and the comments, none of them with a name. Below the workspace's minimum of answers a group shows
 * its count only.
 */
export function MoodStatsTab() {
  const { t } = useMoodTexts();
  const { client, lang } = useSession();
  const [days, setDays] = useState<7 | 14>(7);
  const [end, setEnd] = useState(() => Date.parse(iso(Date.now())));
  const from = iso(end - (days - 1) * DAY);
  const to = iso(end);
  const stat = useQuery(moodQueries.stat(client?._id ?? '', from, to));
  const latest = end >= Date.parse(iso(Date.now()));
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t('stats.period')}
          data={[
            { value: '7', label: t('stats.week') },
            { value: '14', label: t('stats.twoWeeks') },
          ]}
          value={String(days)}
          onChange={(next) => setDays(Number(next) as 7 | 14)}
        />
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('stats.previous')}
            onClick={() => setEnd(end - days * DAY)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text fw={500} miw={180} ta="center" aria-live="polite">
            {t('stats.range', { from: formatDay(from, lang), to: formatDay(to, lang) })}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('stats.next')}
            disabled={latest}
            onClick={() => setEnd(Math.min(Date.parse(iso(Date.now())), end + days * DAY))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <QueryState
        query={stat}
        loading={<SkeletonRows rows={3} height={100} label={t('stats.loading')} />}
        isEmpty={(data) => data.count === 0}
        empty={<EmptyState title={t('stats.emptyTitle')} description={t('stats.emptyText')} />}
      >
        {(data) => <Figures stat={data} />}
      </QueryState>
      <MinAnswers />
    </Stack>
  );
}

function Figures({ stat }: { stat: MoodStat }) {
  const { t } = useMoodTexts();
  const { lang } = useSession();
  if (stat.average === null) {
    return (
      <Alert icon={<IconInfoCircle />} color="gray" title={t('stats.count', { count: stat.count })}>
        {t('stats.tooFew', { min: stat.minAnswers })}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('stats.average')}
          </Text>
          <Group gap="xs" align="baseline">
            <Text fz={36} lh={1} aria-hidden>
              {faceOf(stat.average)}
            </Text>
            <Text fz={28} fw={700} data-testid="mood-average">
              {stat.average.toLocaleString(lang)}
            </Text>
            <Text c="dimmed">/ 10</Text>
          </Group>
        </Card>
        <Tile label={t('stats.answers')} value={stat.count} />
        <Tile label={t('stats.people')} value={stat.people} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('stats.distribution')}
          </Title>
          <BarChart
            h={220}
            accessibilityLayer={false}
            data={stat.distribution.map((count, i) => ({ face: `${FACES[i]} ${i + 1}`, count }))}
            dataKey="face"
            series={[{ name: 'count', label: t('stats.answers'), color: 'teal.6' }]}
            withBarValueLabel
            gridAxis="y"
          />
        </Card>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('stats.trend')}
          </Title>
          <LineChart
            h={220}
            accessibilityLayer={false}
            data={stat.trend.map((d) => ({ day: formatDay(d.day, lang), average: d.average }))}
            dataKey="day"
            yAxisProps={{ domain: [1, 10] }}
            connectNulls
            series={[{ name: 'average', label: t('stats.mood'), color: 'indigo.6' }]}
            curveType="monotone"
          />
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('stats.departments')}
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stats.department')}</Table.Th>
              <Table.Th w="45%">{t('stats.mood')}</Table.Th>
              <Table.Th ta="right">{t('stats.answers')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stat.departments.map((d) => (
              <Row key={d.name} name={d.name} average={d.average} count={d.count} />
            ))}
            {stat.others.count > 0 && (
              <Row
                name={
                  stat.others.departments
                    ? t('stats.others', { count: stat.others.departments })
                    : t('stats.noDepartment')
                }
                average={stat.others.average}
                count={stat.others.count}
              />
            )}
          </Table.Tbody>
        </Table>
        {stat.others.departments > 0 && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('stats.othersHidden', { departments: stat.others.departments, min: stat.minAnswers })}
          </Text>
        )}
      </Card>
      {stat.comments.length > 0 && (
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('stats.comments')}
          </Title>
          <Stack gap={6} component="ul" style={{ margin: 0, paddingInlineStart: 20 }}>
            {stat.comments.map((comment, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: comments carry no id (they are anonymous) and never reorder
              <Text key={i} component="li" size="sm">
                {comment}
              </Text>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

function Row({ name, average, count }: { name: string; average: number | null; count: number }) {
  const { lang } = useSession();
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>
        {average === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Progress value={average * 10} color={colorOf(average)} style={{ flex: 1 }} aria-label={name} />
            <Text size="sm" w={40} ta="right">
              {average.toLocaleString(lang)}
            </Text>
          </Group>
        )}
      </Table.Td>
      <Table.Td ta="right">{count}</Table.Td>
    </Table.Tr>
  );
}

function MinAnswers() {
  const { t } = useMoodTexts();
  const client = useQueryClient();
  const settings = useQuery(moodQueries.settings());
  const save = useMutation(moodMutations.saveSettings(client));
  const [value, setValue] = useState<number | string>('');
  useEffect(() => {
    if (settings.data) setValue(settings.data.minAnswers);
  }, [settings.data]);
  return (
    <Card withBorder radius="md">
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label={t('stats.min')}
          description={t('stats.minHint')}
          min={1}
          max={MOOD_MIN_ANSWERS_MAX}
          allowDecimal={false}
          value={value}
          onChange={setValue}
          error={save.error ? errorText(save.error) : undefined}
          maw={360}
        />
        <Button
          variant="light"
          loading={save.isPending}
          disabled={!settings.data || value === settings.data.minAnswers || value === ''}
          onClick={() => save.mutate({ minAnswers: Number(value) }, { onSuccess: () => showSuccess(t('stats.saved')) })}
        >
          {t('stats.save')}
        </Button>
      </Group>
    </Card>
  );
}
