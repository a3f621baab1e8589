import { isUuid } from '@hallway/shared';
import type { PollDto } from '@hallway/shared/polls';
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconChartBar,
  IconChecklist,
  IconCircleCheck,
  IconClock,
  IconFlagCheck,
  IconInfoCircle,
  IconMask,
  IconPencil,
  IconUserOff,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { formatDay, formatDayTime } from '../../i18n/dates';
import { PageSkeleton } from '../../ui/Skeletons';
import { QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { relativeTime, TypeBadge } from './format';
import { PollActionsMenu } from './PollActions';
import { PollForm } from './PollForm';
import { pollMutations, pollQueries } from './queries';
import { usePollsTexts } from './texts';
import './polls.css';

/** An unknown poll, a deleted one or one the person may not read: one not-found state. */
export const isGone = (error: unknown) => isApiError(error) && [400, 403, 404].includes(error.status);

export function BackToPolls() {
  const { t } = usePollsTexts();
  return (
    <Button
      component={Link}
      to="/polls"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      w="fit-content"
      px="xs"
    >
      {t('poll.back')}
    </Button>
  );
}

/** The page's frame when there is no poll to show. */
export function PollNotFound({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconChecklist size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /poll/:_id (modules §2): the poll to answer, or the person's answers, or why they cannot answer. */
export default function PollPage() {
  const { t } = usePollsTexts();
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const query = useQuery({ ...pollQueries.one(id), enabled: valid });
  return (
    <Stack gap="md" maw={820} mx="auto" w="100%">
      <BackToPolls />
      {!valid || isGone(query.error) ? (
        <PollNotFound title={t('poll.notFoundTitle')} text={t('poll.notFoundText')} />
      ) : (
        <QueryState query={query} loading={<PageSkeleton rows={5} label={t('poll.loading')} />}>
          {(poll) => <PollView poll={poll} />}
        </QueryState>
      )}
    </Stack>
  );
}

/** The poll's header: name, type, author, deadline, description, the note of its type and the manager's actions. */
export function PollHeader({ poll, onDeleted }: { poll: PollDto; onDeleted?: () => void }) {
  const { t, lang } = usePollsTexts();
  const note =
    poll.type === 'anonymous'
      ? t('poll.anonymousNote')
      : poll.type === 'closed'
        ? t('poll.closedNote')
        : t('poll.openedNote');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="header">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {poll.name}
          </Title>
          <PollActionsMenu poll={poll} onDeleted={onDeleted} />
        </Group>
        <Group gap="sm" wrap="wrap">
          <TypeBadge type={poll.type} size="md" />
          <Text size="sm" c="dimmed">
            {t('poll.author', { name: poll.author.name })} ·{' '}
            {t('poll.created', { date: formatDay(poll.created, lang) })}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          {poll.finished ? (
            <IconFlagCheck size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          ) : (
            <IconClock size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          )}
          <Text size="sm">
            {poll.finished
              ? t('poll.finishedAt', { date: formatDayTime(poll.finished_at ?? poll.created, lang) })
              : poll.deadline
                ? t('poll.deadline', {
                    date: formatDayTime(poll.deadline, lang),
                    relative: relativeTime(poll.deadline, lang),
                  })
                : t('poll.noDeadline')}
          </Text>
        </Group>
        {poll.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {poll.description}
          </Text>
        )}
        {!poll.finished && (
          <Alert
            variant="light"
            color={poll.type === 'anonymous' ? 'grape' : 'blue'}
            icon={poll.type === 'anonymous' ? <IconMask size={18} /> : <IconInfoCircle size={18} />}
            py="xs"
          >
            <Text size="sm">{note}</Text>
            {poll.allow_change && poll.type !== 'anonymous' && (
              <Text size="sm" mt={4}>
                {t('poll.changeAllowed')}
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ResultsLink({ poll }: { poll: PollDto }) {
  const { t } = usePollsTexts();
  if (!poll.can.results) return null;
  return (
    <Button component={Link} to={`/poll/${poll._id}/results`} variant="light" leftSection={<IconChartBar size={16} />}>
      {t('poll.results')}
    </Button>
  );
}

/** A state instead of the form: an icon, a title, a text and the actions. */
function StatePanel({
  icon,
  color,
  title,
  text,
  children,
}: {
  icon: React.ReactNode;
  color: string;
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} role="status">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={460}>
          {text}
        </Text>
        {children && (
          <Group gap="sm" justify="center" mt="xs">
            {children}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function PollView({ poll }: { poll: PollDto }) {
  const { t } = usePollsTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const answer = useMutation(pollMutations.answer(client, poll._id));
  const [changing, setChanging] = useState(false);
  const mayChange = poll.answered && poll.can.answer && !poll.finished;
  const header = <PollHeader poll={poll} onDeleted={() => navigate('/polls', { replace: true })} />;

  if (poll.finished) {
    return (
      <>
        {header}
        <StatePanel
          icon={<IconFlagCheck size={28} stroke={1.5} />}
          color="gray"
          title={t('poll.finishedTitle')}
          text={poll.answered || poll.my_answers ? t('poll.finishedText') : t('poll.noAnswers')}
        >
          <ResultsLink poll={poll} />
        </StatePanel>
        {poll.my_answers && Object.keys(poll.my_answers).length > 0 && (
          <Stack gap="sm" component="section" aria-labelledby="poll-your-answers">
            <Title order={2} size="h4" id="poll-your-answers">
              {t('poll.yourAnswers')}
            </Title>
            <PollForm questions={poll.questions} initial={poll.my_answers} readOnly />
          </Stack>
        )}
      </>
    );
  }

  if (!poll.can.answer && !poll.answered) {
    return (
      <>
        {header}
        <StatePanel
          icon={<IconUserOff size={28} stroke={1.5} />}
          color="orange"
          title={t('poll.notRecipientTitle')}
          text={t('poll.notRecipientText')}
        >
          {poll.can.edit && (
            <Button
              component={Link}
              to={`/poll/${poll._id}/edit`}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              {t('poll.edit')}
            </Button>
          )}
          <ResultsLink poll={poll} />
        </StatePanel>
      </>
    );
  }

  if (poll.answered && !changing) {
    return (
      <>
        {header}
        <StatePanel
          icon={<IconCircleCheck size={28} stroke={1.5} />}
          color="teal"
          title={t('poll.thanksTitle')}
          text={
            poll.type === 'anonymous'
              ? t('poll.thanksAnonymous')
              : mayChange
                ? t('poll.thanksText')
                : t('poll.answeredText')
          }
        >
          {mayChange && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setChanging(true)}>
              {t('poll.changeAnswers')}
            </Button>
          )}
          <ResultsLink poll={poll} />
        </StatePanel>
      </>
    );
  }

  return (
    <>
      {header}
      <PollForm
        key={changing ? 'change' : 'first'}
        questions={poll.questions}
        initial={changing ? poll.my_answers : null}
        submitLabel={changing ? t('answer.resubmit') : undefined}
        onCancel={changing ? () => setChanging(false) : undefined}
        onSubmit={async (answers) => {
          await answer.mutateAsync(answers);
          setChanging(false);
          showSuccess(t('poll.sent'));
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </>
  );
}
