import type { StoredFile } from '@hallway/shared';
import { CHAT_ROOM_NAME_MAX, type ChatRoomDto } from '@hallway/shared/chat';
import { Avatar, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../i18n/errors';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { UploadProgress } from '../../ui/FileUpload';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { useUpload } from '../../ui/useUpload';
import { chatMutations } from './queries';
import { useChatTexts } from './texts';

/**
 * A group's form: a new group (name, picture, members; I am its administrator, and it opens) or an existing one's
 * name and picture (its administrators).
 */
export function RoomForm({ opened, onClose, room }: { opened: boolean; onClose: () => void; room?: ChatRoomDto }) {
  const { t } = useChatTexts();
  return (
    <Modal opened={opened} onClose={onClose} title={room ? t('form.editTitle') : t('form.createTitle')} centered>
      {opened && <Fields room={room} onDone={onClose} />}
    </Modal>
  );
}

function Fields({ room, onDone }: { room?: ChatRoomDto; onDone: () => void }) {
  const { t } = useChatTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(chatMutations.createRoom(client));
  const update = useMutation(chatMutations.updateRoom(client));
  const upload = useUpload();
  const [name, setName] = useState(room?.name ?? '');
  const [picture, setPicture] = useState<StoredFile | null>(room?.picture ?? null);
  const [members, setMembers] = useState<string[]>([]);
  const [known, setKnown] = useState<PickedPerson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending || upload.uploading;
  const submit = async () => {
    if (!name.trim()) return setError(t('form.name'));
    setError(null);
    try {
      if (room) {
        await update.mutateAsync({ _id: room._id, name: name.trim(), picture: picture?._id ?? null });
      } else {
        const made = await create.mutateAsync({
          name: name.trim(),
          picture: picture?._id ?? null,
          members,
          admins: [],
        });
        navigate(`/chat/${made._id}`);
      }
      onDone();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <CountedTextInput
          label={t('form.name')}
          required
          max={CHAT_ROOM_NAME_MAX}
          maxLength={CHAT_ROOM_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('form.picture')}
          </Text>
          <Group gap="sm">
            <Avatar src={picture?.mini || picture?.src} alt="" size={56} radius="xl" color="initials" name={name}>
              {name.slice(0, 2).toUpperCase()}
            </Avatar>
            <FileButton
              accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={async (file) => {
                const [result] = (file && (await upload.upload([file]))) || [];
                if (result) setPicture(result.file);
              }}
            >
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={14} />} disabled={busy}>
                  {t('form.pictureChange')}
                </Button>
              )}
            </FileButton>
            {picture && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => setPicture(null)}
              >
                {t('form.pictureRemove')}
              </Button>
            )}
          </Group>
          <UploadProgress value={upload.progress} />
          {upload.error && (
            <Text size="sm" c="red">
              {upload.error}
            </Text>
          )}
        </Stack>
        {!room && (
          <PeoplePicker
            label={t('form.members')}
            value={members}
            known={known}
            onChange={(ids, people) => {
              setMembers(ids);
              setKnown(people);
            }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {room ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
