import { MOOD_COMMENT_MAX } from '@hallway/shared/mood';
import { ActionIcon, Button, Group, Modal, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session/context';
import { moodCheckQuery } from '../../app/session/useMoodCheck';
import { errorText } from '../../i18n/errors';
import { tip } from '../../ui/SharedTooltip';
import { showSuccess } from '../../ui/toast';
import { FACES, MOODS } from './faces';
import './mood.css';
import { moodMutations } from './queries';
import { useMoodTexts } from './texts';

/** The last day (`YYYY-MM-DD`) "not now" holds for in this browser; the header's button still opens the meter. */
export const LATER_KEY = 'hallway.mood.later';
const today = () => new Date().toISOString().slice(0, 10);
const putOff = () => localStorage.setItem(LATER_KEY, today());
const putOffToday = () => (localStorage.getItem(LATER_KEY) ?? '') >= today();

/**
 * The mood meter (portal §2, §4 step 6): while the session's check says the person has not rated today, it opens
 * once on arrival and stays in the header as a smiling button. A face from 1 to 10 and an optional comment.
 */
export default function MoodMeter() {
  const { user } = useSession();
  const userId = user?._id ?? '';
  // The session asks (useMoodCheck); the meter only reads the answer.
  const check = useQuery({ ...moodCheckQuery(userId), enabled: false });
  const need = check.data?.need === true;
  const [opened, setOpened] = useState(false);
  const { t } = useMoodTexts();

  useEffect(() => {
    if (need && !putOffToday()) setOpened(true);
  }, [need]);

  if (!need) return null;
  const later = () => {
    putOff();
    setOpened(false);
  };
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('meter.open')}
        {...tip(t('meter.open'))}
        onClick={() => setOpened(true)}
        data-testid="mood-button"
      >
        <IconMoodSmile size={22} />
      </ActionIcon>
      <Modal opened={opened} onClose={later} title={t('meter.title')} size="lg" centered>
        {opened && <MeterForm userId={userId} onDone={() => setOpened(false)} onLater={later} />}
      </Modal>
    </>
  );
}

function MeterForm({ userId, onDone, onLater }: { userId: string; onDone: () => void; onLater: () => void }) {
  const { t } = useMoodTexts();
  const client = useQueryClient();
  const [mood, setMood] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const rate = useMutation(moodMutations.rate(client, userId));
  const send = () => {
    if (!mood) {
      setMissing(true);
      return;
    }
    rate.mutate(
      { mood: Number(mood), comment },
      {
        onSuccess: () => {
          showSuccess(t('meter.thanks'));
          onDone();
        },
      },
    );
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('meter.intro')}
      </Text>
      <Radio.Group
        value={mood}
        onChange={(value) => {
          setMood(value);
          setMissing(false);
        }}
        label={t('meter.scale')}
        error={missing ? t('meter.pick') : undefined}
      >
        <SimpleGrid cols={{ base: 5, xs: 10 }} spacing={6} mt="xs">
          {MOODS.map((value) => (
            <Radio.Card
              key={value}
              value={String(value)}
              radius="md"
              p={6}
              aria-label={t('meter.face', { value })}
              className="mood-face"
              data-testid={`mood-${value}`}
            >
              <Stack gap={0} align="center">
                <Text fz={28} lh={1.2} aria-hidden>
                  {FACES[value - 1]}
                </Text>
                <Text size="xs" c="dimmed" aria-hidden>
                  {value}
                </Text>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt={4}>
          <Text size="xs" c="dimmed">
            {t('meter.low')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('meter.high')}
          </Text>
        </Group>
      </Radio.Group>
      <Textarea
        label={t('meter.comment')}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        maxLength={MOOD_COMMENT_MAX}
        autosize
        minRows={2}
        maxRows={5}
        description={`${comment.length} / ${MOOD_COMMENT_MAX}`}
      />
      {rate.error && (
        <Text c="red" size="sm" role="alert">
          {errorText(rate.error)}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onLater}>
          {t('meter.later')}
        </Button>
        <Button onClick={send} loading={rate.isPending}>
          {t('meter.send')}
        </Button>
      </Group>
    </Stack>
  );
}
