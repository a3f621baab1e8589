import type { UserDto } from '@hallway/shared';
import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { BadgeArt, CoinText, useCoins } from './Coins';
import { shopQueries } from './queries';
import { useShopTexts } from './texts';

/** A profile's "Achievements" tab: the badges a person holds (and their coins, to themself and the managers). */
export function PersonAchievements({ person, own }: { person: UserDto; own: boolean }) {
  const { t } = useShopTexts();
  const { client, lang } = useSession();
  const balance = useQuery(shopQueries.balance(person._id));
  const settings = useQuery(shopQueries.settings(client?._id ?? ''));
  const coins = useCoins(settings.data);
  return (
    <QueryState query={balance} loading={<SkeletonRows rows={2} label={t('balance.loading')} />}>
      {(data) => (
        <Stack>
          {data.amount !== null && (
            <Text size="sm">
              {own ? t('profile.myCoins') : t('profile.coins')} <CoinText>{coins(data.amount)}</CoinText>
            </Text>
          )}
          {data.ach.length === 0 ? (
            <EmptyState icon={<IconAward size={32} />} title={t('profile.none')} />
          ) : (
            <Group gap="lg" align="flex-start">
              {data.ach.map((a) => (
                <Tooltip
                  key={a._id}
                  label={a.comment || a.achievement.description || a.achievement.name}
                  multiline
                  w={240}
                >
                  <Stack gap={4} align="center" w={112} tabIndex={0} role="img" aria-label={a.achievement.name}>
                    <BadgeArt pic={a.achievement.pic} name={a.achievement.name} size={64} />
                    <Text size="sm" fw={500} ta="center" lineClamp={2}>
                      {a.achievement.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDay(a.date, lang)}
                    </Text>
                  </Stack>
                </Tooltip>
              ))}
            </Group>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
