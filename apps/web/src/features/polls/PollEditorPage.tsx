import { isUuid } from '@hallway/shared';
import type { PollDto } from '@hallway/shared/polls';
import { Alert, Stack } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { PageSkeleton } from '../../ui/Skeletons';
import { QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import type { PollInput } from './api';
import { draftOf, emptyDraft } from './draft';
import { PollEditor } from './PollEditor';
import { BackToPolls, isGone, PollNotFound } from './PollPage';
import { pollMutations, pollQueries } from './queries';
import { usePollsTexts } from './texts';
import './polls.css';

/**
 * /poll/new (modules §2): a new poll, published when it is saved; `?copy=<id>` starts from a copy of another
 * (`GET api/poll/{id}/copy`), nothing saved until it is published.
 */
export default function NewPollPage() {
  const { t } = usePollsTexts();
  const [params] = useSearchParams();
  const copyOf = params.get('copy')?.toLowerCase() ?? '';
  const copying = isUuid(copyOf);
  const copy = useQuery({ ...pollQueries.copy(copyOf), enabled: copying });
  const client = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(pollMutations.create(client));
  // A new draft is made once, so its keys stay while the person types.
  const [fresh] = useState(emptyDraft);

  const editor = (initial: ReturnType<typeof emptyDraft>) => (
    <PollEditor
      initial={initial}
      submitLabel={t('editor.publish')}
      onCancel={() => navigate(-1)}
      onSubmit={async (input) => {
        const poll = await create.mutateAsync(input as PollInput);
        showSuccess(t('editor.published'));
        navigate(`/poll/${poll._id}`, { replace: true });
      }}
    />
  );

  return (
    <Stack gap="md" maw={860} mx="auto" w="100%">
      <BackToPolls />
      <PageHeader title={copying ? t('editor.copyTitle') : t('editor.createTitle')} />
      {!copying ? (
        editor(fresh)
      ) : isGone(copy.error) ? (
        <PollNotFound title={t('editor.notFoundTitle')} text={t('editor.notFoundText')} />
      ) : (
        <QueryState query={copy} loading={<PageSkeleton rows={5} label={t('editor.loading')} />}>
          {(body) => (
            <>
              <Alert variant="light" color="blue" icon={<IconCopy size={18} />} py="xs">
                {t('editor.copyNote', { name: body.name })}
              </Alert>
              {editor(draftOf(body))}
            </>
          )}
        </QueryState>
      )}
    </Stack>
  );
}

/** /poll/:_id/edit: a poll's managers change it while it runs; the questions only while nobody has answered. */
export function EditPollPage() {
  const { t } = usePollsTexts();
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const query = useQuery({ ...pollQueries.one(id), enabled: valid });
  return (
    <Stack gap="md" maw={860} mx="auto" w="100%">
      <BackToPolls />
      {!valid || isGone(query.error) ? (
        <PollNotFound title={t('editor.notFoundTitle')} text={t('editor.notFoundText')} />
      ) : (
        <QueryState query={query} loading={<PageSkeleton rows={5} label={t('editor.loading')} />}>
          {(poll) =>
            poll.can.edit ? (
              <EditPoll poll={poll} />
            ) : (
              <PollNotFound title={t('editor.notAllowedTitle')} text={t('editor.notAllowedText')} />
            )
          }
        </QueryState>
      )}
    </Stack>
  );
}

function EditPoll({ poll }: { poll: PollDto }) {
  const { t } = usePollsTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const update = useMutation(pollMutations.update(client, poll._id));
  // The form starts from the poll as it was opened; a later refetch does not reset what the person typed.
  const [initial] = useState(() => draftOf(poll));
  return (
    <>
      <PageHeader title={t('editor.editTitle')} description={poll.name} />
      <PollEditor
        initial={initial}
        editing={poll}
        submitLabel={t('editor.save')}
        onCancel={() => navigate(`/poll/${poll._id}`)}
        onSubmit={async (input) => {
          await update.mutateAsync(input);
          showSuccess(t('editor.saved'));
          navigate(`/poll/${poll._id}`, { replace: true });
        }}
      />
    </>
  );
}
