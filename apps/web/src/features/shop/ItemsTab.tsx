import type { ShopItemDto, ShopItemSort, ShopSettingsDto } from '@hallway/shared/shop';
import { SHOP_ITEM_SORTS } from '@hallway/shared/shop';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconDots,
  IconPackage,
  IconPencil,
  IconPlus,
  IconShoppingBag,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSession } from '../../app/session/context';
import { errorText } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { CoinText, useCoins } from './Coins';
import { ItemForm } from './ItemForm';
import { shopMutations, shopQueries } from './queries';
import { useShopTexts } from './texts';

/** The shop's items as cards; buying asks first; managers add, edit, stock and delete them. */
export function ItemsTab({ shop, balance }: { shop: ShopSettingsDto; balance: number | null }) {
  const { t } = useShopTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const [sort, setSort] = useState<ShopItemSort>('sort');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const items = useQuery(shopQueries.items(clientId, { sort, order }));
  const [editing, setEditing] = useState<ShopItemDto | 'new' | null>(null);
  const [buying, setBuying] = useState<ShopItemDto | null>(null);
  const [stocking, setStocking] = useState<ShopItemDto | null>(null);
  const [deleting, setDeleting] = useState<ShopItemDto | null>(null);
  const queries = useQueryClient();
  const remove = useMutation(shopMutations.deleteItem(queries));
  const coins = useCoins(shop);

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Select
            aria-label={t('items.sort')}
            leftSection={<IconArrowsSort size={16} />}
            data={SHOP_ITEM_SORTS.map((value) => ({ value, label: t(`items.sorts.${value}`) }))}
            value={sort}
            onChange={(value) => value && setSort(value as ShopItemSort)}
            allowDeselect={false}
            w={180}
          />
          <Select
            aria-label={t('items.order')}
            data={[
              { value: 'asc', label: t('items.asc') },
              { value: 'desc', label: t('items.desc') },
            ]}
            value={order}
            onChange={(value) => value && setOrder(value as 'asc' | 'desc')}
            allowDeselect={false}
            w={150}
          />
        </Group>
        {shop.can.manage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('items.create')}
          </Button>
        )}
      </Group>
      <QueryState
        query={items}
        loading={<SkeletonRows rows={3} height={120} label={t('items.loading')} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<IconShoppingBag size={32} />}
            title={t('items.emptyTitle')}
            description={shop.can.manage ? t('items.emptyManager') : t('items.emptyText')}
          />
        }
      >
        {(list) => (
          <div className="hw-shop-grid">
            {list.map((item) => (
              <ItemCard
                key={item._id}
                item={item}
                shop={shop}
                balance={balance}
                onBuy={() => setBuying(item)}
                onEdit={() => setEditing(item)}
                onStock={() => setStocking(item)}
                onDelete={() => setDeleting(item)}
              />
            ))}
          </div>
        )}
      </QueryState>
      <ItemForm
        opened={editing !== null}
        item={editing === 'new' ? undefined : (editing ?? undefined)}
        onClose={() => setEditing(null)}
      />
      {buying && (
        <BuyDialog
          item={buying}
          balance={balance ?? 0}
          price={coins}
          onClose={() => setBuying(null)}
          onBought={() => showSuccess(t('buy.done', { name: buying.name }))}
        />
      )}
      <StockDialog item={stocking} onClose={() => setStocking(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('items.deleteTitle')}
        message={t('items.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('items.delete')}
        danger
        onConfirm={() => remove.mutateAsync(deleting!._id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function ItemCard({
  item,
  shop,
  balance,
  onBuy,
  onEdit,
  onStock,
  onDelete,
}: {
  item: ShopItemDto;
  shop: ShopSettingsDto;
  balance: number | null;
  onBuy: () => void;
  onEdit: () => void;
  onStock: () => void;
  onDelete: () => void;
}) {
  const { t } = useShopTexts();
  const coins = useCoins(shop);
  const pic = item.pics[0];
  const soldOut = item.rest <= 0;
  const short = balance !== null && balance < item.cost;
  const reason = !shop.can.buy ? t('buy.superadmin') : soldOut ? t('items.soldOut') : short ? t('buy.short') : null;
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={item.name}>
      <Card.Section>
        {pic ? (
          <img className="hw-shop-pic" src={pic.mini || pic.src} alt="" loading="lazy" />
        ) : (
          <div className="hw-shop-pic" style={{ display: 'grid', placeItems: 'center' }}>
            <IconPackage size={48} stroke={1.2} color="var(--mantine-color-dimmed)" />
          </div>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Title>
          {(item.can.edit || item.can.delete) && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('items.actions', { name: item.name })}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
                  {t('items.edit')}
                </Menu.Item>
                <Menu.Item leftSection={<IconPlus size={14} />} onClick={onStock}>
                  {t('items.addStock')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconTrash size={14} />}
                  color="red"
                  disabled={!item.can.delete}
                  title={item.can.delete ? undefined : t('items.hasSales')}
                  onClick={onDelete}
                >
                  {t('items.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {item.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {item.description}
          </Text>
        )}
        <Group justify="space-between" gap={4}>
          <CoinText size="lg">{coins(item.cost)}</CoinText>
          <Badge color={soldOut ? 'red' : 'gray'} variant="light">
            {soldOut ? t('items.soldOut') : t('items.left', { count: item.rest })}
          </Badge>
        </Group>
        <Button
          fullWidth
          leftSection={<IconShoppingBag size={16} />}
          disabled={reason !== null}
          title={reason ?? undefined}
          onClick={onBuy}
          aria-label={t('buy.button', { name: item.name })}
        >
          {t('buy.label')}
        </Button>
        {reason && shop.can.buy && (
          <Text size="xs" c="dimmed" ta="center">
            {reason}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** "Buy «X» for 300 TH?": one request id per dialog, so a double click buys once. */
function BuyDialog({
  item,
  balance,
  price,
  onClose,
  onBought,
}: {
  item: ShopItemDto;
  balance: number;
  price: (amount: number) => string;
  onClose: () => void;
  onBought: () => void;
}) {
  const { t } = useShopTexts();
  const requestId = useRef(crypto.randomUUID());
  const buy = useMutation(shopMutations.buy(useQueryClient()));
  return (
    <ConfirmDialog
      opened
      title={t('buy.title')}
      message={t('buy.text', { name: item.name, cost: price(item.cost), left: price(balance - item.cost) })}
      confirmLabel={t('buy.confirm')}
      onConfirm={async () => {
        await buy.mutateAsync({ itemId: item._id, requestId: requestId.current });
        onBought();
      }}
      onClose={onClose}
    />
  );
}

function StockDialog({ item, onClose }: { item: ShopItemDto | null; onClose: () => void }) {
  const { t } = useShopTexts();
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | string>(10);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation(shopMutations.addStock(client));
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('items.addStockTitle', { name: item?.name ?? '' })}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const n = Number(amount);
          if (!Number.isInteger(n) || n < 1 || n > 100_000) return setError(t('items.stockInvalid'));
          setError(null);
          add.mutate({ id: item!._id, amount: n }, { onSuccess: onClose, onError: (err) => setError(errorText(err)) });
        }}
      >
        <Stack>
          <NumberInput
            label={t('items.stockAmount')}
            description={t('items.restNow', { count: item?.rest ?? 0 })}
            min={1}
            max={100_000}
            allowDecimal={false}
            value={amount}
            onChange={setAmount}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('items.addStock')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
