import { REACTIONS, type Reaction, type ReactionCounts } from '@hallway/shared';
import { ActionIcon, Button, Group, Popover, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMoodPlus, IconThumbUp } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { tip } from '../../ui/SharedTooltip';
import { useWallTexts } from './texts';

export const EMOJI: Record<Reaction, string> = {
  like: '👍',
  love: '❤️',
  laugh: '😂',
  wow: '😮',
  sad: '😢',
  celebrate: '🎉',
};

export interface ReactionState {
  likes: number;
  reactions: ReactionCounts;
  myReaction: Reaction | null;
}

/**
 * Like plus the API's emoji set: the main button gives (or takes back) the own reaction, the picker chooses another,
 * the counts show what others chose with the own one highlighted.
 */
export const Reactions = memo(function Reactions({
  state,
  onReact,
  compact = false,
}: {
  state: ReactionState;
  onReact: (reaction: Reaction) => void;
  compact?: boolean;
}) {
  const { t } = useWallTexts();
  const [picking, setPicking] = useState(false);
  const mine = state.myReaction;
  const used = REACTIONS.filter((reaction) => state.reactions[reaction] > 0);
  const size = compact ? 'compact-xs' : 'compact-sm';
  return (
    <Group gap={4} wrap="wrap">
      <Button
        size={size}
        variant={mine ? 'light' : 'subtle'}
        color={mine ? undefined : 'gray'}
        radius="xl"
        aria-pressed={!!mine}
        onClick={() => onReact(mine ?? 'like')}
        leftSection={mine ? <span aria-hidden>{EMOJI[mine]}</span> : <IconThumbUp size={compact ? 14 : 16} />}
      >
        {mine ? t(`reactions.${mine}`) : t('reactions.like')}
      </Button>
      <Popover opened={picking} onChange={setPicking} position="top" withArrow shadow="md" radius="xl">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            radius="xl"
            size={compact ? 'sm' : 'md'}
            aria-label={t('reactions.choose')}
            {...(picking ? {} : tip(t('reactions.choose')))}
            aria-expanded={picking}
            onClick={() => setPicking((open) => !open)}
          >
            <IconMoodPlus size={compact ? 14 : 18} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={4}>
          <Group gap={2} role="group" aria-label={t('reactions.choose')}>
            {REACTIONS.map((reaction) => (
              <Tooltip key={reaction} label={t(`reactions.${reaction}`)}>
                <UnstyledButton
                  aria-label={t(`reactions.${reaction}`)}
                  aria-pressed={mine === reaction}
                  onClick={() => {
                    setPicking(false);
                    onReact(reaction);
                  }}
                  className="hw-reaction-pick"
                  data-active={mine === reaction || undefined}
                >
                  <span aria-hidden>{EMOJI[reaction]}</span>
                </UnstyledButton>
              </Tooltip>
            ))}
          </Group>
        </Popover.Dropdown>
      </Popover>
      {used.map((reaction) => (
        <Button
          key={reaction}
          size="compact-xs"
          radius="xl"
          variant={mine === reaction ? 'light' : 'default'}
          aria-pressed={mine === reaction}
          aria-label={t('reactions.count', { reaction: t(`reactions.${reaction}`), count: state.reactions[reaction] })}
          onClick={() => onReact(reaction)}
          styles={{ label: { gap: 4 } }}
        >
          <span aria-hidden>{EMOJI[reaction]}</span>
          <span aria-hidden>{state.reactions[reaction]}</span>
        </Button>
      ))}
    </Group>
  );
});
