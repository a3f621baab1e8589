import { repeatWords } from '@hallway/shared';
import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconDownload,
  IconMapPin,
  IconPencil,
  IconRepeat,
  IconTrash,
  IconUser,
  IconVideo,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { downloadIcs } from './api';
import { REMINDER_CHOICES } from './EventForm';
import { whenText } from './format';
import { calendarMutations, calendarQueries } from './queries';
import { ScopeDialog } from './ScopeDialog';
import { useCalendarTexts } from './texts';
import { ANSWERS, type Answer, type CalendarEvent, type EventMember, type Scope } from './types';

const ANSWER_COLORS: Record<Answer | 'none', string> = {
  accept: 'teal',
  maybe: 'yellow',
  decline: 'red',
  none: 'gray',
};

/** The accept / maybe / decline buttons of a member, pressed on their current answer. */
export function AnswerButtons({ event, size = 'xs' }: { event: CalendarEvent; size?: 'xs' | 'sm' }) {
  const { t } = useCalendarTexts();
  const client = useQueryClient();
  const answer = useMutation({ ...calendarMutations.answer(client), onError: showError });
  return (
    <Group gap={6} role="group" aria-label={t('card.yourAnswer')}>
      {ANSWERS.map((choice) => {
        const pressed = event.myAnswer === choice;
        return (
          <Button
            key={choice}
            size={size}
            color={ANSWER_COLORS[choice]}
            variant={pressed ? 'filled' : 'default'}
            aria-pressed={pressed}
            loading={answer.isPending && answer.variables?.answer === choice}
            onClick={() => !pressed && answer.mutate({ id: event._id, answer: choice })}
          >
            {t(`card.answers.${choice}`)}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * The card an event opens in (spec portal §2): when, where, the web-conference link, who organizes it, the members
 * with their answers (the organizer sees everyone's), the reader's own answer and reminders, `.ics`, and edit/delete
 * as `can` allows. For a repeating event the change applies to the occurrences chosen.
 */
export function EventCard({
  target,
  onClose,
  onEdit,
}: {
  target: CalendarEvent | null;
  onClose: () => void;
  onEdit: (event: CalendarEvent, scope?: Scope) => void;
}) {
  const { t } = useCalendarTexts();
  return (
    <Modal
      opened={!!target}
      onClose={onClose}
      title={target?.name}
      size="lg"
      closeButtonProps={{ 'aria-label': t('card.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {target && <CardBody target={target} onClose={onClose} onEdit={onEdit} />}
    </Modal>
  );
}

function CardBody({
  target,
  onClose,
  onEdit,
}: {
  target: CalendarEvent;
  onClose: () => void;
  onEdit: (event: CalendarEvent, scope?: Scope) => void;
}) {
  const { t, lang } = useCalendarTexts();
  const client = useQueryClient();
  const detail = useQuery(calendarQueries.event(target._id, target.occurrence));
  const remove = useMutation(calendarMutations.remove(client));
  const reminders = useMutation({
    ...calendarMutations.reminders(client),
    onSuccess: (result, variables, context, meta) => {
      calendarMutations.reminders(client).onSuccess?.(result, variables, context, meta);
      showSuccess(t('card.remindersSaved'));
    },
    onError: showError,
  });
  const [scopeFor, setScopeFor] = useState<'edit' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The range's copy shows at once; the full one (members) replaces it when it arrives.
  const event: CalendarEvent = { ...target, ...detail.data, occurrence: target.occurrence };
  const periodic = !!event.repeat;

  const removeWith = async (scope?: Scope) => {
    await remove.mutateAsync({ event, scope });
    showSuccess(t('card.deleted'));
    onClose();
  };
  const ics = async () => {
    setDownloading(true);
    try {
      await downloadIcs(event._id, event.name);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={8}>
        <Row icon={<IconCalendarEvent size={16} />} color={event.color} label={t('card.when')}>
          {whenText(event, lang)}
          {event.allDay ? ` (${t('card.allDay')})` : ''}
        </Row>
        {event.repeat && (
          <Row icon={<IconRepeat size={16} />} label={t('card.repeats')}>
            {repeatWords(event.repeat, lang)}
          </Row>
        )}
        {event.place && (
          <Row icon={<IconMapPin size={16} />} label={t('card.place')}>
            {event.place}
          </Row>
        )}
        {event.link && (
          <Row icon={<IconVideo size={16} />} label={t('card.join')}>
            <Anchor href={event.link} target="_blank" rel="noopener noreferrer">
              {t('card.join')}
            </Anchor>
          </Row>
        )}
        <Row icon={<IconUser size={16} />} label={t('card.organizer')}>
          {event.organizer.name}
        </Row>
      </Stack>
      {event.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {event.description}
        </Text>
      )}

      {event.can.answer && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('card.yourAnswer')}
          </Text>
          <AnswerButtons event={event} size="sm" />
        </Stack>
      )}
      {event.myAnswer !== null && (
        <MultiSelect
          label={t('card.reminders')}
          data={REMINDER_CHOICES.map((minutes) => ({ value: String(minutes), label: t(`reminder.m${minutes}`) }))}
          value={event.myReminders.map(String)}
          onChange={(chosen) =>
            reminders.mutate({
              id: event._id,
              minutes: chosen
                .map(Number)
                .sort((a, b) => a - b)
                .slice(0, 5),
            })
          }
          maxValues={5}
          clearable
        />
      )}

      <Divider />
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t('card.members')} ({event.membersCount})
          </Text>
          <Text size="xs" c="dimmed">
            {t('card.counts', event.counts)}
          </Text>
        </Group>
        {event.departments.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('card.departments')}: {event.departments.join(', ')}
          </Text>
        )}
        <QueryState query={detail} compactError loading={<Skeleton height={36} radius="md" />}>
          {(full) => <Members members={full.members ?? []} />}
        </QueryState>
      </Stack>

      <Group justify="space-between" gap="xs" mt="xs">
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={ics} loading={downloading}>
          {t('card.ics')}
        </Button>
        <Group gap="xs">
          {event.can.delete && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => (periodic ? setScopeFor('delete') : setConfirming(true))}
            >
              {t('card.delete')}
            </Button>
          )}
          {event.can.edit && (
            <Button
              leftSection={<IconPencil size={16} />}
              onClick={() => (periodic ? setScopeFor('edit') : onEdit(event))}
            >
              {t('card.edit')}
            </Button>
          )}
        </Group>
      </Group>

      <ScopeDialog
        opened={scopeFor !== null}
        action={scopeFor ?? 'edit'}
        onClose={() => setScopeFor(null)}
        onChoose={(scope) => {
          const action = scopeFor;
          setScopeFor(null);
          if (action === 'edit') onEdit(event, scope);
          else removeWith(scope).catch(showError);
        }}
      />
      <ConfirmDialog
        opened={confirming}
        title={t('card.deleteTitle')}
        message={t('card.deleteText')}
        confirmLabel={t('card.delete')}
        danger
        onConfirm={() => removeWith()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function Row({
  icon,
  label,
  color,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  color?: string;
  children: React.ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size="md" radius="md" variant={color ? 'filled' : 'light'} color={color ?? 'gray'} aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

function Members({ members }: { members: EventMember[] }) {
  const { t } = useCalendarTexts();
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('card.members')}>
      {members.map((member) => (
        <Group key={member.user._id} component="li" gap="sm" wrap="nowrap">
          <Avatar person={member.user} size={28} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" truncate="end">
              {member.user.name}
            </Text>
            {(member.user.position || member.via === 'department') && (
              <Text size="xs" c="dimmed" truncate="end">
                {[
                  member.user.position,
                  member.via === 'department' && member.department
                    ? t('card.viaDepartment', { department: member.department })
                    : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
          </div>
          <Badge color={ANSWER_COLORS[member.answer]} variant="light">
            {t(`card.answered.${member.answer}`)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
