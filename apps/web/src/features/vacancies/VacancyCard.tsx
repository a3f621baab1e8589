import type { ArticleItem } from '@hallway/shared/articles';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconCash, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDay } from '../../i18n/dates';
import { MetaItem } from '../../ui/MetaItem';
import { Snippet, salaryText } from './format';
import { useVacanciesTexts } from './texts';

/** A vacancy in the list: its title (opening it), salary range, tag, date, views and, for a search, the snippet. */
export function VacancyCard({ vacancy }: { vacancy: ArticleItem }) {
  const { t, lang } = useVacanciesTexts();
  const titleId = `vacancy-${vacancy._id}`;
  const salary = salaryText(vacancy.salary_from, vacancy.salary_to, lang, t);
  const agreed = vacancy.salary_from == null && vacancy.salary_to == null;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="article"
      aria-labelledby={titleId}
      className="hw-vacancy-card"
      data-testid="vacancy-card"
    >
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId} style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Link to={`/vacancy/${vacancy._id}`} className="hw-vacancy-link">
              {vacancy.title}
            </Link>
          </Title>
          <Group gap={6} wrap="nowrap">
            <IconCash size={18} aria-hidden color="var(--mantine-color-teal-filled)" />
            <Text fw={600} size="md" c={agreed ? 'dimmed' : undefined}>
              {salary}
            </Text>
          </Group>
        </Group>
        {vacancy.snippet && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            <Snippet snippet={vacancy.snippet} />
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          {vacancy.tags.map((tag) => (
            <Badge key={tag._id} variant="light" radius="sm">
              {tag.name}
            </Badge>
          ))}
          <MetaItem icon={IconCalendar}>{t('list.published', { date: formatDay(vacancy.created, lang) })}</MetaItem>
          <MetaItem icon={IconEye}>{t('list.views', { count: vacancy.views })}</MetaItem>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The list's shape while it loads. */
export function VacancyCardsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={label} aria-busy>
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="lg" p="md">
          <Stack gap={10}>
            <Group justify="space-between">
              <Skeleton height={20} width="50%" radius="sm" />
              <Skeleton height={20} width={110} radius="sm" />
            </Group>
            <Skeleton height={14} width="35%" radius="sm" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
