import type { StoredFile } from '@hallway/shared';
import {
  SHOP_COIN_NAME_MAX,
  SHOP_COIN_SHORT_MAX,
  SHOP_DESCRIPTION_MAX,
  SHOP_NAME_MAX,
  type ShopSettingsDto,
} from '@hallway/shared/shop';
import { Avatar, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { showSuccess } from '../../ui/toast';
import { failedFields } from './FormFooter';
import { PictureButton } from './PictureButton';
import { shopMutations } from './queries';
import { useShopTexts } from './texts';

type Errors = Partial<Record<'name' | 'coin' | 'coin_short' | 'managers' | 'form', string>>;

/** The shop's name, currency, description, picture and managers (administrators). */
export default function SettingsTab({ shop }: { shop: ShopSettingsDto }) {
  const { t } = useShopTexts();
  const { client } = useSession();
  const queries = useQueryClient();
  const [name, setName] = useState(shop.name);
  const [coin, setCoin] = useState(shop.coin);
  const [short, setShort] = useState(shop.coin_short);
  const [description, setDescription] = useState(shop.description);
  const [pic, setPic] = useState<StoredFile | null>(shop.pic);
  const [managers, setManagers] = useState(shop.managers.map((m) => m._id));
  const [known, setKnown] = useState<PickedPerson[]>(shop.managers);
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation(shopMutations.saveSettings(queries));
  const submit = () => {
    const next: Errors = {};
    if (!name.trim()) next.name = t('settings.nameRequired');
    if (!coin.trim()) next.coin = t('settings.coinRequired');
    if (!short.trim()) next.coin_short = t('settings.coinRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      {
        client_id: client?._id ?? '',
        name: name.trim(),
        coin: coin.trim(),
        coin_short: short.trim(),
        description: description.trim(),
        pic: pic?._id ?? null,
        managers,
      },
      {
        onSuccess: () => showSuccess(t('settings.saved')),
        onError: (err) => setErrors(failedFields(err)),
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      style={{ maxWidth: 640 }}
    >
      <Stack>
        <CountedTextInput
          label={t('settings.name')}
          required
          max={SHOP_NAME_MAX}
          maxLength={SHOP_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <Group grow align="flex-start">
          <CountedTextInput
            label={t('settings.coin')}
            placeholder={t('settings.coinHint')}
            required
            max={SHOP_COIN_NAME_MAX}
            maxLength={SHOP_COIN_NAME_MAX}
            value={coin}
            onChange={(event) => setCoin(event.currentTarget.value)}
            error={errors.coin}
          />
          <CountedTextInput
            label={t('settings.coinShort')}
            placeholder={t('settings.coinShortHint')}
            required
            max={SHOP_COIN_SHORT_MAX}
            maxLength={SHOP_COIN_SHORT_MAX}
            value={short}
            onChange={(event) => setShort(event.currentTarget.value)}
            error={errors.coin_short}
          />
        </Group>
        <Textarea
          label={t('settings.description')}
          autosize
          minRows={2}
          maxLength={SHOP_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('settings.picture')}
          </Text>
          <Group gap="sm" align="flex-start">
            <Avatar src={pic?.mini || pic?.src} alt="" size={64} radius="md" color="initials" name={name} />
            <PictureButton purpose="avatar" label={t('settings.pictureChange')} onUploaded={setPic} />
            {pic && (
              <Button variant="subtle" color="red" size="xs" onClick={() => setPic(null)}>
                {t('settings.pictureRemove')}
              </Button>
            )}
          </Group>
        </Stack>
        <PeoplePicker
          label={t('settings.managers')}
          description={t('settings.managersHint')}
          value={managers}
          known={known}
          onChange={(ids, people) => {
            setManagers(ids);
            setKnown(people);
          }}
          error={errors.managers}
        />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
