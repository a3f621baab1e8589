import { TEXT_MAX } from '@hallway/shared';
import { ActionIcon, Alert, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { errorText } from '../../i18n/errors';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { DayInput } from '../../ui/DayInput';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import type { Holiday } from './api';
import { ISO } from './dates';
import { vacationMutations, vacationQueries } from './queries';
import { useVacationsTexts } from './texts';

const byDate = (a: Holiday, b: Holiday) => a.date.localeCompare(b.date);

/**
 * The workspace's holidays of a year (days off besides weekends, left out of vacations' working days): everyone
 * reads them; `vacations_edit` adds and removes days and saves the year.
 */
export function Holidays() {
  const { t } = useVacationsTexts();
  const [year, setYear] = useState(() => dayjs().year());
  const holidays = useQuery(vacationQueries.holidays(year));

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t('holidays.title', { year })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('holidays.subtitle')}
            </Text>
          </Stack>
          <Group gap={4}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('holidays.previous')}
              onClick={() => setYear(year - 1)}
              disabled={year <= 2000}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text fw={600} w={56} ta="center" aria-live="polite">
              {year}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('holidays.next')}
              onClick={() => setYear(year + 1)}
              disabled={year >= 2100}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <QueryState query={holidays} loading={<SkeletonRows rows={4} height={40} />}>
          {(data) => <YearHolidays key={year} year={year} saved={data.result} editable={data.can.edit} />}
        </QueryState>
      </Stack>
    </Card>
  );
}

function YearHolidays({ year, saved, editable }: { year: number; saved: Holiday[]; editable: boolean }) {
  const { t } = useVacationsTexts();
  const { t: common } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation(vacationMutations.saveHolidays(queryClient));
  const [days, setDays] = useState<Holiday[]>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDays(saved), [saved]);
  const changed = JSON.stringify([...days].sort(byDate)) !== JSON.stringify([...saved].sort(byDate));

  const submit = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({ year, days });
      showSuccess(t('holidays.saved', { year }));
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <Stack gap="md">
      {days.length === 0 ? (
        <EmptyState title={t('holidays.empty', { year })} description={t('holidays.emptyText')} />
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" aria-label={t('holidays.title', { year })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('holidays.date')}</Table.Th>
                <Table.Th>{t('holidays.name')}</Table.Th>
                {editable && (
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('holidays.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...days].sort(byDate).map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {dayjs(day.date).format('D MMMM')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {dayjs(day.date).format('dddd')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{day.name}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('holidays.remove', { name: day.name, date: dayjs(day.date).format('D MMMM') })}
                        onClick={() => setDays(days.filter((other) => other.date !== day.date))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editable && (
        <>
          <AddHoliday year={year} days={days} onAdd={(day) => setDays([...days, day])} />
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={!changed || save.isPending} onClick={() => setDays(saved)}>
              {common('common.cancel')}
            </Button>
            <Button disabled={!changed} loading={save.isPending} onClick={submit}>
              {t('holidays.save')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** A date of the year and its name; a date already listed or outside the year is refused inline. */
function AddHoliday({ year, days, onAdd }: { year: number; days: Holiday[]; onAdd: (day: Holiday) => void }) {
  const { t } = useVacationsTexts();
  const { t: common } = useTranslation();
  const [date, setDate] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const taken = !!date && days.some((day) => day.date === date);
  // The calendar offers only the year's days; one typed from another year is refused here.
  const otherYear = !!date && !date.startsWith(`${year}-`);
  const dateError = !date
    ? common('validation.required')
    : otherYear
      ? t('holidays.otherYear', { year })
      : taken
        ? t('holidays.taken')
        : null;
  const nameError = name.trim() ? null : common('validation.required');

  const add = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (dateError || nameError || !date) return;
    onAdd({ date, name: name.trim() });
    setDate(null);
    setName('');
    setTried(false);
  };

  return (
    <form onSubmit={add} noValidate aria-label={t('holidays.add')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <DayInput
          label={t('holidays.date')}
          value={date}
          onChange={setDate}
          minDate={`${year}-01-01`}
          maxDate={`${year}-12-31`}
          defaultDate={dayjs().year() === year ? dayjs().format(ISO) : `${year}-01-01`}
          error={tried || taken || otherYear ? dateError : undefined}
          required
          w={180}
        />
        <CountedTextInput
          label={t('holidays.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={tried ? nameError : undefined}
          maxLength={TEXT_MAX}
          max={TEXT_MAX}
          required
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="light" leftSection={<IconPlus size={16} />} mt={25}>
          {t('holidays.add')}
        </Button>
      </Group>
    </form>
  );
}
