import type { FeedbackKind } from '@hallway/shared/feedback';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../i18n/errors';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { feedbackMutations, feedbackQueries } from './queries';
import { useFeedbackTexts } from './texts';

/** Administrators choose who receives the kind (none: the administrators themselves). */
export function RecipientsTab({ kind }: { kind: FeedbackKind }) {
  const { t } = useFeedbackTexts();
  const client = useQueryClient();
  const recipients = useQuery(feedbackQueries.recipients(kind));
  const save = useMutation(feedbackMutations.saveRecipients(client, kind));
  const [ids, setIds] = useState<string[]>([]);
  const [known, setKnown] = useState<PickedPerson[]>([]);
  useEffect(() => {
    if (!recipients.data) return;
    setIds(recipients.data.fallback ? [] : recipients.data.people.map((p) => p._id));
    setKnown(recipients.data.people);
  }, [recipients.data]);
  return (
    <Card withBorder radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('recipients.title')}
        </Title>
        <QueryState query={recipients} loading={<SkeletonRows rows={1} label={t('item.loading')} />}>
          {(data) => (
            <Stack>
              {data.fallback && (
                <Alert icon={<IconInfoCircle />} color="gray">
                  {t('recipients.fallback')}
                </Alert>
              )}
              <PeoplePicker
                label={t('recipients.people')}
                value={ids}
                known={known}
                onChange={(next, people) => {
                  setIds(next);
                  setKnown(people);
                }}
              />
              {save.error && (
                <Text c="red" size="sm" role="alert">
                  {errorText(save.error)}
                </Text>
              )}
              <Group justify="flex-end">
                <Button
                  loading={save.isPending}
                  onClick={() => save.mutate(ids, { onSuccess: () => showSuccess(t('recipients.saved')) })}
                >
                  {t('recipients.save')}
                </Button>
              </Group>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
