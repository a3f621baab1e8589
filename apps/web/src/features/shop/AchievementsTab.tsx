import type { StoredFile } from '@hallway/shared';
import {
  type AchievementDto,
  SHOP_ACHIEVEMENT_NAME_MAX,
  SHOP_DESCRIPTION_MAX,
  type ShopSettingsDto,
} from '@hallway/shared/shop';
import { ActionIcon, Button, Card, FileButton, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAward, IconGift, IconPencil, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../app/session/context';
import { errorText, fieldErrors } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { UploadProgress } from '../../ui/FileUpload';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { useUpload } from '../../ui/useUpload';
import { AccrualForm, type AccrualPreset } from './AccrualForm';
import { BadgeArt } from './Coins';
import { shopMutations, shopQueries } from './queries';
import { useShopTexts } from './texts';

const ImageCropModal = lazy(() => import('../../ui/crop/ImageCropModal'));

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
  const upload = useUpload();
  const [name, setName] = useState(achievement?.name ?? '');
  const [description, setDescription] = useState(achievement?.description ?? '');
  const [pic, setPic] = useState<StoredFile | null>(achievement?.pic ?? null);
  const [picked, setPicked] = useState<File | null>(null);
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
            onError: (err) => {
              const fields = fieldErrors(err);
              setErrors(Object.keys(fields).length ? fields : { form: errorText(err) });
            },
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
        <Group gap="sm">
          <BadgeArt pic={pic} name={name} />
          <FileButton accept="image/png,image/jpeg,image/webp" onChange={setPicked}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhoto size={14} />}
                disabled={upload.uploading}
              >
                {t('achievements.picture')}
              </Button>
            )}
          </FileButton>
          {pic && (
            <Button variant="subtle" color="red" size="xs" onClick={() => setPic(null)}>
              {t('achievements.pictureRemove')}
            </Button>
          )}
        </Group>
        <UploadProgress value={upload.progress} />
        {(errors.form || upload.error) && (
          <Text size="sm" c="red" role="alert">
            {errors.form ?? upload.error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending || upload.uploading}>
            {achievement ? t('save') : t('achievements.createButton')}
          </Button>
        </Group>
      </Stack>
      {picked && (
        <Suspense fallback={null}>
          <ImageCropModal
            file={picked}
            purpose="avatar"
            onClose={() => setPicked(null)}
            onCropped={async (file) => {
              const [result] = (await upload.upload([file])) ?? [];
              if (result) setPic(result.file);
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
