import type { StoredFile } from '@hallway/shared';
import {
  type AchievementDto,
  SHOP_ACHIEVEMENT_NAME_MAX,
  SHOP_DESCRIPTION_MAX,
  type ShopSettingsDto,
} from '@hallway/shared/shop';
import { ActionIcon, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAward, IconGift, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { AccrualForm, type AccrualPreset } from './AccrualForm';
import { BadgeArt } from './Coins';
import { FormFooter, failedFields } from './FormFooter';
import { PictureButton } from './PictureButton';
import { shopMutations, shopQueries } from './queries';
import { useShopTexts } from './texts';

/** The achievements one can earn; managers create, edit, delete and give them. */
export default function AchievementsTab({ shop }: { shop: ShopSettingsDto }) {
  const { t } = useShopTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const queries = useQueryClient();
  const list = useQuery(shopQueries.achievements(clientId));
  const remove = useMutation(shopMutations.deleteAchievement(queries));
  const [editing, setEditing] = useState<AchievementDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AchievementDto | null>(null);
  const [giving, setGiving] = useState<AccrualPreset | null>(null);
  return (
    <Stack>
      {shop.can.manage && (
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconGift size={16} />} onClick={() => setGiving({})}>
            {t('accrual.open')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('achievements.create')}
          </Button>
        </Group>
      )}
      <QueryState
        query={list}
        loading={<SkeletonRows rows={2} height={90} label={t('achievements.loading')} />}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={<IconAward size={32} />}
            title={t('achievements.emptyTitle')}
            description={shop.can.manage ? t('achievements.emptyManager') : t('achievements.emptyText')}
          />
        }
      >
        {(data) => (
          <div className="hw-shop-badges">
            {data.map((a) => (
              <Card key={a._id} withBorder radius="md" padding="md" component="article" aria-label={a.name}>
                <Group wrap="nowrap" align="flex-start">
                  <BadgeArt pic={a.pic} name={a.name} />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Title order={3} size="h5">
                      {a.name}
                    </Title>
                    {a.description && (
                      <Text size="sm" c="dimmed">
                        {a.description}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {t('achievements.holders', { count: a.holders })}
                    </Text>
                  </Stack>
                </Group>
                {a.can.edit && (
                  <Group gap={4} mt="sm" justify="flex-end">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconGift size={14} />}
                      onClick={() => setGiving({ achievement: a._id })}
                    >
                      {t('achievements.give')}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('achievements.edit', { name: a.name })}
                      onClick={() => setEditing(a)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('achievements.delete', { name: a.name })}
                      onClick={() => setDeleting(a)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </Card>
            ))}
          </div>
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('achievements.createTitle') : t('achievements.editTitle')}
        centered
      >
        {editing !== null && (
          <AchievementFields achievement={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('achievements.deleteTitle')}
        message={t('achievements.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('achievements.deleteConfirm')}
        danger
        onConfirm={() => remove.mutateAsync(deleting!._id)}
        onClose={() => setDeleting(null)}
      />
      <AccrualForm preset={giving} onClose={() => setGiving(null)} />
    </Stack>
  );
}

function AchievementFields({ achievement, onDone }: { achievement?: AchievementDto; onDone: () => void }) {
  const { t } = useShopTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const queries = useQueryClient();
  const [name, setName] = useState(achievement?.name ?? '');
  const [description, setDescription] = useState(achievement?.description ?? '');
  const [pic, setPic] = useState<StoredFile | null>(achievement?.pic ?? null);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'form', string>>>({});
  const save = useMutation(shopMutations.saveAchievement(queries, clientId));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return setErrors({ name: t('achievements.nameRequired') });
        save.mutate(
          { _id: achievement?._id, name: name.trim(), description: description.trim(), pic: pic?._id ?? null },
          {
            onSuccess: onDone,
            onError: (err) => setErrors(failedFields(err)),
          },
        );
      }}
    >
      <Stack>
        <CountedTextInput
          label={t('achievements.name')}
          required
          max={SHOP_ACHIEVEMENT_NAME_MAX}
          maxLength={SHOP_ACHIEVEMENT_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Textarea
          label={t('achievements.description')}
          autosize
          minRows={2}
          maxLength={SHOP_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Group gap="sm" align="flex-start">
          <BadgeArt pic={pic} name={name} />
          <PictureButton purpose="avatar" label={t('achievements.picture')} onUploaded={setPic} />
          {pic && (
            <Button variant="subtle" color="red" size="xs" onClick={() => setPic(null)}>
              {t('achievements.pictureRemove')}
            </Button>
          )}
        </Group>
        <FormFooter
          error={errors.form}
          busy={save.isPending}
          submit={achievement ? t('save') : t('achievements.createButton')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
