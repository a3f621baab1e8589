import type { EventLinkAnswerDto } from '@hallway/shared';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMapPin, IconVideo } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { translateCode } from '../../i18n/errors';
import { AuthLayout } from '../auth';
import { calendarMutations } from './queries';
import { useCalendarTexts } from './texts';

type LinkAnswer = EventLinkAnswerDto['myAnswer'];
const ANSWERS: LinkAnswer[] = ['accept', 'maybe', 'decline'];
const isAnswer = (value: string | null): value is LinkAnswer => ANSWERS.includes(value as LinkAnswer);

/** The event's time as the reader's browser keeps it ("Monday, 30 November 2026, 10:00 – 11:30"). */
function whenOf(event: EventLinkAnswerDto['event'], lang: string) {
  const start = new Date(event.start);
  const end = new Date(event.end);
  if (event.allDay) {
    const day = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: event.timeZone });
    return day.formatRange(start, new Date(end.getTime() - 43_200_000));
  }
  return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short' }).formatRange(start, end);
}

/**
 * /invitation/:id?answer=accept&u=…&s=…: where an invitation mail's accept and decline links lead. The page gives
 * the answer the link carries at once, for the person the mail was sent to (no sign-in: the link's signature stands
 * for them, for this event only), shows the event, and lets them change their answer.
 */
export default function InvitationPage() {
  const { t, lang } = useCalendarTexts();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const user = params.get('u') ?? '';
  const signature = params.get('s') ?? '';
  const first = params.get('answer');
  // The answer last given stays shown while another is being saved.
  const [answered, setAnswered] = useState<EventLinkAnswerDto | null>(null);
  const answering = useMutation(calendarMutations.answerByLink(useQueryClient()));
  const { mutate } = answering;
  const answer = useCallback(
    (value: LinkAnswer) => mutate({ id, answer: value, user, signature }, { onSuccess: setAnswered }),
    [mutate, id, user, signature],
  );
  const started = useRef(false);
  const valid = isAnswer(first) && !!user && !!signature;
  useEffect(() => {
    if (started.current || !valid) return;
    started.current = true;
    answer(first);
  }, [valid, first, answer]);

  const saving = answering.isPending ? answering.variables : null;
  const failed = !valid || (answering.isError && !answered);
  const gone = !valid || (isApiError(answering.error) && answering.error.status === 404);
  return (
    <AuthLayout
      title={t('invitation.title')}
      footer={
        <Anchor component={Link} to={`/calendar/?event=${id}`} size="sm">
          {t('widget.open')}
        </Anchor>
      }
    >
      {answered ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {t(`invitation.done.${answered.myAnswer}`)}
          </Alert>
          <Stack gap={4}>
            <Text fw={600} size="lg">
              {answered.event.name}
            </Text>
            <Text size="sm">{whenOf(answered.event, lang)}</Text>
            {answered.event.place && (
              <Group gap={6} wrap="nowrap">
                <IconMapPin size={16} aria-hidden />
                <Text size="sm">{answered.event.place}</Text>
              </Group>
            )}
            {answered.event.link && (
              <Group gap={6} wrap="nowrap">
                <IconVideo size={16} aria-hidden />
                <Anchor href={answered.event.link} target="_blank" rel="noopener noreferrer" size="sm">
                  {t('card.join')}
                </Anchor>
              </Group>
            )}
          </Stack>
          {answering.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {translateCode(isApiError(answering.error) ? answering.error.code : 'unknown')}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('invitation.change')}
          </Text>
          <Group gap="xs">
            {ANSWERS.filter((choice) => choice !== answered.myAnswer).map((choice) => (
              <Button key={choice} variant="light" loading={saving?.answer === choice} onClick={() => answer(choice)}>
                {t(`card.answers.${choice}`)}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : failed ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {gone ? t('invitation.gone') : translateCode(isApiError(answering.error) ? answering.error.code : 'unknown')}
        </Alert>
      ) : (
        <Group gap="sm" justify="center" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('invitation.saving')}</Text>
        </Group>
      )}
    </AuthLayout>
  );
}
