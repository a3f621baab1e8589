import { FOLLOW_CODE_PATTERN } from '@hallway/shared/feedback';
import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../i18n/errors';
import { feedbackMutations } from './queries';
import { Thread } from './Thread';
import { useFeedbackTexts } from './texts';

/** An anonymous report's author reads the answers and replies with the code alone; the code stays in this screen. */
export function FollowTab() {
  const { t } = useFeedbackTexts();
  const [code, setCode] = useState('');
  const follow = useMutation(feedbackMutations.follow());
  const reply = useMutation(feedbackMutations.followReply());
  const thread = reply.data ?? follow.data;
  const normalized = code.trim().toUpperCase();
  return (
    <Stack>
      <Card
        withBorder
        radius="md"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          reply.reset();
          follow.mutate(normalized);
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('report.follow.label')}
            description={t('report.follow.hint')}
            placeholder={t('report.follow.placeholder')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={follow.error ? errorText(follow.error) : undefined}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: 1, minWidth: 240 }}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Button type="submit" loading={follow.isPending} disabled={!FOLLOW_CODE_PATTERN.test(normalized)}>
            {t('report.follow.open')}
          </Button>
        </Group>
      </Card>
      {thread && (
        <Card withBorder radius="md">
          <Thread
            thread={thread}
            onReply={(text) => reply.mutateAsync({ code: normalized, text })}
            replying={reply.isPending}
            replyError={reply.error}
          />
        </Card>
      )}
    </Stack>
  );
}
