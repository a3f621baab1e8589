import { VACATION_COMMENT_MAX, type VacationDto } from '@hallway/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';
import { errorText, fieldErrors, translateCode } from '../../i18n/errors';
import { DayInput } from '../../ui/DayInput';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { showSuccess } from '../../ui/toast';
import { LengthCounter } from '../../ui/ValidatedInput';
import { checkVacation, ISO, isActive, today } from './dates';
import { vacationMutations, vacationQueries } from './queries';
import { useVacationsTexts } from './texts';

export interface VacationFormProps {
  opened: boolean;
  onClose: () => void;
  /** The vacation being changed; a new request without it. */
  vacation?: VacationDto | null;
  /** Days left of the person's balance (before this form's vacation); null while not known yet. */
  left: number | null;
  /** The person's vacations, for the overlap check. */
  vacations: VacationDto[];
  /**
   * Entering a vacation for someone else (`vacations_edit`): the person chosen, and how the form changes them.
   * Such a vacation is approved at once and its person is told.
   */
  person?: PickedPerson | null;
  onPersonChange?: (person: PickedPerson | null) => void;
}

/**
 * A vacation request (or a change of one): first and last day, working days counted as one types, and the rules of
 * spec portal §5 shown inline before sending; what the server still refuses is shown by its code, translated.
 */
export function VacationForm({
  opened,
  onClose,
  vacation,
  left,
  vacations,
  person,
  onPersonChange,
}: VacationFormProps) {
  const { t } = useVacationsTexts();
  const { t: common } = useTranslation();
  const queryClient = useQueryClient();
  const create = useMutation(vacationMutations.create(queryClient));
  const update = useMutation(vacationMutations.update(queryClient));
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState({ start: false, end: false, user: false });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setStart(vacation?.start ?? null);
    setEnd(vacation?.end ?? null);
    setComment(vacation?.comment ?? '');
    setTouched({ start: !!vacation, end: !!vacation, user: false });
    setServerErrors({});
    setProblem(null);
  }, [opened, vacation]);

  const years = [...new Set([start, end].filter(Boolean).map((date) => dayjs(date!).year()))];
  const firstYear = useQuery({ ...vacationQueries.holidays(years[0] ?? dayjs().year()), enabled: opened });
  const secondYear = useQuery({ ...vacationQueries.holidays(years[1] ?? 0), enabled: opened && years.length > 1 });
  const holidays = useMemo(
    () => new Set([...(firstYear.data?.result ?? []), ...(secondYear.data?.result ?? [])].map((day) => day.date)),
    [firstYear.data, secondYear.data],
  );

  // An active vacation's own days are back in the balance while it is being changed.
  const forSomeone = !!onPersonChange;
  const known = left !== null && (!forSomeone || !!person);
  const available = (left ?? 0) + (vacation && isActive(vacation) ? vacation.days : 0);
  const others = vacations.filter((other) => other._id !== vacation?._id);
  const checked = checkVacation({ start, end, left: known ? available : Number.POSITIVE_INFINITY, others, holidays });
  const { days } = checked;
  const errors: Partial<Record<'start' | 'end' | 'user', string>> = {
    ...checked.errors,
    ...(forSomeone && !person ? { user: 'required' } : {}),
  };
  const shown = (field: 'start' | 'end' | 'user') => {
    if (serverErrors[field]) return serverErrors[field];
    const code = errors[field];
    if (!code || !touched[field]) return undefined;
    return code === 'required' ? common('validation.required') : translateCode(code, { left: available });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ start: true, end: true, user: true });
    if (errors.start || errors.end || errors.user || !start || !end) return;
    setServerErrors({});
    setProblem(null);
    try {
      const body = { start, end, comment: comment.trim() };
      if (vacation) {
        await update.mutateAsync({ id: vacation._id, ...body });
        showSuccess(t('form.saved'));
      } else {
        await create.mutateAsync(person ? { ...body, user: person._id } : body);
        showSuccess(person ? t('form.createdFor', { name: person.name }) : t('form.created'));
      }
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setServerErrors(fields);
      if (!fields.start && !fields.end && !fields.user) setProblem(errorText(error));
    }
  };

  const tomorrow = dayjs(today()).add(1, 'day').format(ISO);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={vacation ? t('form.titleEdit') : forSomeone ? t('form.titleFor') : t('form.titleNew')}
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {forSomeone && (
            <PeoplePicker
              label={t('form.person')}
              value={person ? [person._id] : []}
              maxValues={1}
              onChange={(_, people) => {
                onPersonChange(people[0] ?? null);
                setTouched((old) => ({ ...old, user: true }));
                setServerErrors({});
              }}
              error={shown('user')}
              required
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group grow align="flex-start" gap="sm">
            <DayInput
              label={t('form.start')}
              value={start}
              onChange={(value) => {
                setStart(value);
                setTouched((old) => ({ ...old, start: true }));
                setServerErrors({});
                if (value && (!end || end < value)) setEnd(value);
              }}
              minDate={tomorrow}
              error={shown('start')}
              required
            />
            <DayInput
              label={t('form.end')}
              value={end}
              onChange={(value) => {
                setEnd(value);
                setTouched((old) => ({ ...old, end: true }));
                setServerErrors({});
              }}
              minDate={start ?? tomorrow}
              error={shown('end')}
              required
            />
          </Group>
          <Group gap="lg" aria-live="polite">
            <Text size="sm" fw={600} data-testid="vacation-days">
              {t('form.days', { count: days })}
            </Text>
            {known && (
              <Text size="sm" c={available - days < 0 ? 'red' : 'dimmed'}>
                {t('form.leftAfter', { count: available - days })}
              </Text>
            )}
          </Group>
          <Textarea
            label={t('form.comment')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={VACATION_COMMENT_MAX}
            autosize
            minRows={2}
            description={<LengthCounter length={comment.length} max={VACATION_COMMENT_MAX} />}
          />
          {forSomeone && person && (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
              {t('form.forSomeoneApproved', { name: person.name })}
            </Alert>
          )}
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
              {vacation ? t('form.save') : forSomeone ? t('form.enter') : t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * HR (`vacations_edit`) enters a vacation for someone: the person is chosen in the form, whose balance and
 * vacations then load for the form's checks.
 */
export function VacationForSomeone({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [person, setPerson] = useState<PickedPerson | null>(null);
  const theirs = useQuery({ ...vacationQueries.person(person?._id ?? ''), enabled: opened && !!person });
  useEffect(() => {
    if (!opened) setPerson(null);
  }, [opened]);
  return (
    <VacationForm
      opened={opened}
      onClose={onClose}
      left={theirs.data?.result.left ?? null}
      vacations={theirs.data?.result.vacations ?? []}
      person={person}
      onPersonChange={setPerson}
    />
  );
}
