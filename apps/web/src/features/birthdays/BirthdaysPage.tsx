import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBriefcase, IconCake, IconConfetti } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, QueryState } from '../../ui/States';
import { usePeopleTexts } from '../profile';
import { type Celebration, congratulationOf, pluralForm, useCongratulate } from '../wall';
import { byMonth, localDate } from './months';
import { useCelebrations } from './queries';

type Shown = 'all' | Celebration['kind'];

/**
 * /birthdays/ (spec portal §2): the workspace's birthdays and work anniversaries this month and next, today's first
 * and highlighted, each of today's with "Congratulate" (the wall's composer, prefilled).
 */
export default function BirthdaysPage() {
  const { t } = usePeopleTexts();
  const { client } = useSession();
  const today = localDate();
  const query = useCelebrations(client?._id ?? '', today);
  const [shown, setShown] = useState<Shown>('all');
  const list = (query.data ?? []).filter((entry) => shown === 'all' || entry.kind === shown);
  const todays = list.filter((entry) => entry.today);
  const later = list.filter((entry) => !entry.today);

  let content = (
    <QueryState
      query={query}
      isEmpty={() => list.length === 0}
      empty={
        <EmptyState
          icon={<IconCake size={28} stroke={1.5} />}
          title={t('birthdays.emptyTitle')}
          description={t('birthdays.emptyText')}
        />
      }
    >
      {() => null}
    </QueryState>
  );
  if (list.length > 0 && !query.isError) {
    content = (
      <Stack gap="xl">
        {todays.length > 0 && <Section id="today" title={t('birthdays.todaySection')} entries={todays} />}
        {byMonth(later).map(({ month, people }) => (
          <Section key={month} id={month} title={dayjs(`${month}-01`).format('MMMM YYYY')} entries={people} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('birthdays.title')}
        description={t('birthdays.subtitle')}
        actions={
          <SegmentedControl
            aria-label={t('birthdays.show')}
            size="xs"
            radius="xl"
            value={shown}
            onChange={(value) => setShown(value as Shown)}
            data={[
              { value: 'all', label: t('birthdays.all') },
              { value: 'birthday', label: t('birthdays.birthdays') },
              { value: 'anniversary', label: t('birthdays.anniversaries') },
            ]}
          />
        }
      />
      <Card withBorder radius="lg" padding="lg">
        {content}
      </Card>
    </Stack>
  );
}

function Section({ id, title, entries }: { id: string; title: string; entries: Celebration[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`month-${id}`}>
      <Title order={2} size="h4" id={`month-${id}`} tt="capitalize">
        {title}
      </Title>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {entries.map((entry) => (
          <CelebrationCard key={entry.key} entry={entry} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CelebrationCard({ entry }: { entry: Celebration }) {
  const { t, lang } = usePeopleTexts();
  const { hasFeature, can } = useSession();
  const congratulate = useCongratulate();
  const anniversary = entry.kind === 'anniversary';
  const color = anniversary ? 'teal' : 'grape';
  const KindIcon = anniversary ? IconBriefcase : IconCake;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-kind={entry.kind}
      aria-current={entry.today ? 'date' : undefined}
      // Today's card stands out by its border: a tinted background would take links and grey text under 4.5:1.
      style={entry.today ? { borderColor: `var(--mantine-color-${color}-filled)`, borderWidth: 2 } : undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar person={{ _id: entry._id, fullName: entry.name, avatar: entry.avatar }} size={48} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={`/profile/${entry._id}`} fw={600} truncate>
            {entry.name}
          </Anchor>
          {entry.position && (
            <Text size="sm" c="dimmed" truncate>
              {entry.position}
            </Text>
          )}
          <Group gap={6}>
            <ThemeIcon
              size={20}
              radius="xl"
              variant="light"
              color={color}
              aria-label={anniversary ? t('birthdays.anniversary') : t('birthdays.birthdays')}
              role="img"
            >
              <KindIcon size={13} />
            </ThemeIcon>
            <Text size="sm" fw={500}>
              {dayjs(entry.date).format('D MMMM')}
            </Text>
            {entry.today && (
              <Badge size="sm" color={color} leftSection={<KindIcon size={12} />}>
                {t('birthdays.today')}
              </Badge>
            )}
          </Group>
          {anniversary && (
            <Text size="sm" fw={500}>
              {t(`birthdays.yearsAt.${pluralForm(lang, entry.years)}`, { count: entry.years })}
            </Text>
          )}
          {entry.today && hasFeature('wall') && can('wall') && (
            <Button
              size="xs"
              radius="xl"
              color={color}
              mt={6}
              leftSection={<IconConfetti size={14} />}
              aria-label={t('birthdays.congratulateFor', { name: entry.name })}
              onClick={() => congratulate(congratulationOf(entry))}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('birthdays.congratulate')}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
