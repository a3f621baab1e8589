import { Avatar, Badge, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorState, LoadingState } from '../../ui/States';
import { CoinText, useCoins } from './Coins';
import { ItemsTab } from './ItemsTab';
import { shopQueries } from './queries';
import { useItemRestEvents } from './realtime';
import './shop.css';
import { useShopTexts } from './texts';

const BalanceTab = lazy(() => import('./BalanceTab'));
const AchievementsTab = lazy(() => import('./AchievementsTab'));
const StatsTab = lazy(() => import('./StatsTab'));
const SettingsTab = lazy(() => import('./SettingsTab'));

const TABS = ['items', 'balance', 'achievements', 'stats', 'settings'] as const;
export type ShopTab = (typeof TABS)[number];

/**
 * The shop (modules §2 "/shop/": tabs shop, statistics, achievements, settings, balance): the workspace's store with
 * the person's coins always in view. Statistics are the managers', the settings the administrators'.
 */
export default function ShopPage() {
  const { t } = useShopTexts();
  const { client, user } = useSession();
  const clientId = client?._id ?? '';
  const navigate = useNavigate();
  const { tab = 'items' } = useParams();
  const settings = useQuery(shopQueries.settings(clientId));
  const balance = useQuery(shopQueries.balance(user?._id ?? ''));
  const coins = useCoins(settings.data);
  useItemRestEvents();

  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <LoadingState label={t('loading')} />;
  const shop = settings.data;
  const shown = TABS.filter(
    (name) => (name !== 'stats' || shop.can.manage) && (name !== 'settings' || shop.can.settings),
  );
  if (!(shown as readonly string[]).includes(tab)) return <Navigate to="/shop/" replace />;

  return (
    // Each tab is a page of its own (its own URL): keyed by it, the page is drawn anew, as a link to another page is.
    <Stack gap="lg" key={tab}>
      <Group gap="md" wrap="nowrap" align="flex-end">
        {shop.pic && <Avatar src={shop.pic.mini || shop.pic.src} alt="" size={64} radius="md" />}
        <div style={{ flex: 1, minWidth: 0 }}>
          <PageHeader
            title={shop.name}
            description={shop.description || undefined}
            actions={
              shop.can.buy && (
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {t('myCoins')}
                  </Text>
                  <Badge size="xl" variant="light" radius="md" data-testid="shop-balance">
                    {balance.data?.amount == null ? (
                      <Skeleton width={60} height={16} />
                    ) : (
                      <CoinText>{coins(balance.data.amount)}</CoinText>
                    )}
                  </Badge>
                </Group>
              )
            }
          />
        </div>
      </Group>
      <Tabs
        value={tab}
        onChange={(next) => navigate(next === 'items' ? '/shop/' : `/shop/${next}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')} className="hw-tabs-scroll">
          {shown.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Suspense fallback={<LoadingState />}>
          <Tabs.Panel value="items" pt="md">
            <ItemsTab shop={shop} balance={balance.data?.amount ?? null} />
          </Tabs.Panel>
          <Tabs.Panel value="balance" pt="md">
            <BalanceTab shop={shop} />
          </Tabs.Panel>
          <Tabs.Panel value="achievements" pt="md">
            <AchievementsTab shop={shop} />
          </Tabs.Panel>
          {shop.can.manage && (
            <Tabs.Panel value="stats" pt="md">
              <StatsTab shop={shop} />
            </Tabs.Panel>
          )}
          {shop.can.settings && (
            <Tabs.Panel value="settings" pt="md">
              <SettingsTab shop={shop} />
            </Tabs.Panel>
          )}
        </Suspense>
      </Tabs>
    </Stack>
  );
}
