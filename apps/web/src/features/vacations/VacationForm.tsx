import '@mantine/dates/styles.css';
import { VACATION_COMMENT_MAX, type VacationDto } from '@hallway/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, translateCode } from '../../i18n/errors';
import { showSuccess } from '../../ui/toast';
import { checkVacation, ISO, isActive, today } from './dates';
import { vacationMutations, vacationQueries } from './queries';
import { useVacationsTexts } from './texts';

// Typed dates (DD.MM.YYYY) are read with the field's own format.
dayjs.extend(customParseFormat);

export interface VacationFormProps {
  opened: boolean;
  onClose: () => void;
  /** The vacation being changed; a new request without it. */
  vacation?: VacationDto | null;
  /** Days left of the person's balance (before this form's vacation). */
  left: number;
  /** The person's vacations, for the overlap check. */
  vacations: VacationDto[];
}

/**
 * A vacation request (or a change of one): first and last day, working days counted as one types, and the rules of
 * spec portal §5 shown inline before sending; what the server still refuses is shown by its code, translated.
 */
export function VacationForm({ opened, onClose, vacation, left, vacations }: VacationFormProps) {
  const { t } = useVacationsTexts();
  const { t: common } = useTranslation();
  const queryClient = useQueryClient();
  const create = useMutation(vacationMutations.create(queryClient));
  const update = useMutation(vacationMutations.update(queryClient));
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState({ start: false, end: false });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setStart(vacation?.start ?? null);
    setEnd(vacation?.end ?? null);
    setComment(vacation?.comment ?? '');
    setTouched({ start: !!vacation, end: !!vacation });
    setServerErrors({});
    setProblem(null);
  }, [opened, vacation]);

  const years = [...new Set([start, end].filter(Boolean).map((date) => dayjs(date!).year()))];
  const firstYear = useQuery({ ...vacationQueries.holidays(years[0] ?? dayjs().year()), enabled: opened });
  const secondYear = useQuery({ ...vacationQueries.holidays(years[1] ?? 0), enabled: opened && years.length > 1 });
  const holidays = useMemo(
    () => new Set([...(firstYear.data ?? []), ...(secondYear.data ?? [])].map((day) => day.date)),
    [firstYear.data, secondYear.data],
  );

  // An active vacation's own days are back in the balance while it is being changed.
  const available = left + (vacation && isActive(vacation) ? vacation.days : 0);
  const others = vacations.filter((other) => other._id !== vacation?._id);
  const { days, errors } = checkVacation({ start, end, left: available, others, holidays });
  const shown = (field: 'start' | 'end') => {
    if (serverErrors[field]) return serverErrors[field];
    const code = errors[field];
    if (!code || !touched[field]) return undefined;
    return code === 'required' ? common('validation.required') : translateCode(code, { left: available });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ start: true, end: true });
    if (errors.start || errors.end || !start || !end) return;
    setServerErrors({});
    setProblem(null);
    try {
      const body = { start, end, comment: comment.trim() };
      if (vacation) {
        await update.mutateAsync({ id: vacation._id, ...body });
        showSuccess(t('form.saved'));
      } else {
        await create.mutateAsync(body);
        showSuccess(t('form.created'));
      }
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setServerErrors(fields);
      if (!fields.start && !fields.end) setProblem(errorText(error));
    }
  };

  const tomorrow = dayjs(today()).add(1, 'day').format(ISO);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={vacation ? t('form.titleEdit') : t('form.titleNew')}
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start" gap="sm">
            <DateInput
              label={t('form.start')}
              value={start}
              onChange={(value) => {
                setStart(value);
                setTouched((old) => ({ ...old, start: true }));
                setServerErrors({});
                if (value && (!end || end < value)) setEnd(value);
              }}
              minDate={tomorrow}
              valueFormat="DD.MM.YYYY"
              placeholder="DD.MM.YYYY"
              leftSection={<IconCalendar size={16} />}
              error={shown('start')}
              required
              popoverProps={{ withinPortal: true }}
            />
            <DateInput
              label={t('form.end')}
              value={end}
              onChange={(value) => {
                setEnd(value);
                setTouched((old) => ({ ...old, end: true }));
                setServerErrors({});
              }}
              minDate={start ?? tomorrow}
              valueFormat="DD.MM.YYYY"
              placeholder="DD.MM.YYYY"
              leftSection={<IconCalendar size={16} />}
              error={shown('end')}
              required
              popoverProps={{ withinPortal: true }}
            />
          </Group>
          <Group gap="lg" aria-live="polite">
            <Text size="sm" fw={600} data-testid="vacation-days">
              {t('form.days', { count: days })}
            </Text>
            <Text size="sm" c={available - days < 0 ? 'red' : 'dimmed'}>
              {t('form.leftAfter', { count: available - days })}
            </Text>
          </Group>
          <Textarea
            label={t('form.comment')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={VACATION_COMMENT_MAX}
            autosize
            minRows={2}
            description={common('validation.counter', { used: comment.length, total: VACATION_COMMENT_MAX })}
          />
          {vacation?.status === 'approved' && (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
              {t('form.backToRequested')}
            </Alert>
          )}
          {problem && (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {common('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {vacation ? t('form.save') : t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
