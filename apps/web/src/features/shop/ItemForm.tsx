import type { StoredFile } from '@hallway/shared';
import {
  SHOP_COINS_MAX,
  SHOP_DESCRIPTION_MAX,
  SHOP_ITEM_NAME_MAX,
  SHOP_ITEM_PICS_MAX,
  SHOP_STOCK_MAX,
  type ShopItemDto,
} from '@hallway/shared/shop';
import { ActionIcon, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { FormFooter, failedFields } from './FormFooter';
import { PictureButton } from './PictureButton';
import { shopMutations } from './queries';
import { useShopTexts } from './texts';

type Errors = Partial<Record<'name' | 'cost' | 'start_amount' | 'form', string>>;

/** A new item or an existing one's fields; pictures go through the cropper at 200x360 (modules §9). */
export function ItemForm({ opened, item, onClose }: { opened: boolean; item?: ShopItemDto; onClose: () => void }) {
  const { t } = useShopTexts();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item ? t('itemForm.editTitle') : t('itemForm.createTitle')}
      centered
    >
      {opened && <Fields item={item} onDone={onClose} />}
    </Modal>
  );
}

const whole = (value: number | string, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function Fields({ item, onDone }: { item?: ShopItemDto; onDone: () => void }) {
  const { t } = useShopTexts();
  const { client } = useSession();
  const queries = useQueryClient();
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [cost, setCost] = useState<number | string>(item?.cost ?? 100);
  const [stock, setStock] = useState<number | string>(item?.start_amount ?? 10);
  const [sort, setSort] = useState<number | string>(item?.sort ?? 0);
  const [pics, setPics] = useState<StoredFile[]>(item?.pics ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation(shopMutations.saveItem(queries, client?._id ?? ''));
  const submit = () => {
    const next: Errors = {};
    if (!name.trim()) next.name = t('itemForm.nameRequired');
    if (!whole(cost, 1, SHOP_COINS_MAX)) next.cost = t('itemForm.costInvalid');
    if (!item && !whole(stock, 0, SHOP_STOCK_MAX)) next.start_amount = t('itemForm.stockInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      {
        _id: item?._id,
        name: name.trim(),
        description: description.trim(),
        cost: Number(cost),
        start_amount: Number(stock),
        pics: pics.map((p) => p._id),
        sort: Number(sort) || 0,
      },
      { onSuccess: onDone, onError: (err) => setErrors(failedFields(err)) },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <CountedTextInput
          label={t('itemForm.name')}
          required
          max={SHOP_ITEM_NAME_MAX}
          maxLength={SHOP_ITEM_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Textarea
          label={t('itemForm.description')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={SHOP_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t('itemForm.cost')}
            required
            min={1}
            max={SHOP_COINS_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={cost}
            onChange={setCost}
            error={errors.cost}
          />
          {!item && (
            <NumberInput
              label={t('itemForm.startAmount')}
              required
              min={0}
              max={SHOP_STOCK_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={stock}
              onChange={setStock}
              error={errors.start_amount}
            />
          )}
        </Group>
        <NumberInput
          label={t('itemForm.sort')}
          description={t('itemForm.sortHint')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={sort}
          onChange={setSort}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('itemForm.pictures')}
          </Text>
          <Group gap="sm" align="flex-start">
            {pics.map((pic, n) => (
              <div key={pic._id} style={{ position: 'relative' }}>
                <img
                  src={pic.mini || pic.src}
                  alt={t('itemForm.picture', { n: n + 1 })}
                  width={50}
                  height={90}
                  style={{ objectFit: 'cover', borderRadius: 4 }}
                />
                <ActionIcon
                  size="xs"
                  color="red"
                  radius="xl"
                  style={{ position: 'absolute', top: -6, right: -6 }}
                  aria-label={t('itemForm.removePicture', { n: n + 1 })}
                  onClick={() => setPics(pics.filter((p) => p._id !== pic._id))}
                >
                  <IconX size={12} />
                </ActionIcon>
              </div>
            ))}
            {pics.length < SHOP_ITEM_PICS_MAX && (
              <PictureButton
                purpose="item"
                label={t('itemForm.addPicture')}
                onUploaded={(file) => setPics((list) => [...list, file])}
              />
            )}
          </Group>
        </Stack>
        <FormFooter
          error={errors.form}
          busy={save.isPending}
          submit={item ? t('save') : t('itemForm.create')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
