import type { StoredFile } from '@hallway/shared';
import { CHAT_FILES_MAX, CHAT_MESSAGE_MAX, type ChatRoomDto } from '@hallway/shared/chat';
import { ActionIcon, Box, CloseButton, FileButton, Group, Menu, Stack, Text, Textarea } from '@mantine/core';
import { IconAt, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session/context';
import { errorText } from '../../i18n/errors';
import { UploadProgress } from '../../ui/FileUpload';
import { tip } from '../../ui/SharedTooltip';
import { useUpload } from '../../ui/useUpload';
import { DraftAttachments } from '../wall';
import type { ShownMsg } from './cache';
import { chatMutations } from './queries';
import { useChatTexts } from './texts';

/** "typing…" is told to the room at most this often while the person types. */
const TYPING_EVERY_MS = 3000;

const newLocalId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** The people whose `@Name` is still in the text. */
const stillMentioned = (text: string, picked: { _id: string; name: string }[]) => [
  ...new Set(picked.filter((person) => text.includes(`@${person.name}`)).map((person) => person._id)),
];

/**
 * Writing to a room: text (Enter sends, Shift+Enter a new line), files with progress, mentions of its members, a
 * reply to a message; or editing one of mine (Up in an empty box edits the last). A message shows at once and
 * is sent with an id of this tab's, so sending it again never makes two.
 */
export function Composer({
  room,
  replyTo,
  editing,
  lastOwn,
  onReply,
  onEdit,
  onSent,
}: {
  room: ChatRoomDto;
  replyTo: ShownMsg | null;
  editing: ShownMsg | null;
  lastOwn: ShownMsg | null;
  onReply: (msg: ShownMsg | null) => void;
  onEdit: (msg: ShownMsg | null) => void;
  onSent: () => void;
}) {
  const { t } = useChatTexts();
  const { user, socket } = useSession();
  const client = useQueryClient();
  const send = useMutation(chatMutations.send(client));
  const edit = useMutation(chatMutations.edit(client));
  const upload = useUpload({ purpose: 'attachment' });
  const [text, setText] = useState('');
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [picked, setPicked] = useState<{ _id: string; name: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const toldTyping = useRef(0);
  const me = user?._id ?? '';
  const others = room.members.filter((member) => member._id !== me);

  // Editing starts from the message's text (once: the room's members read again must not undo the typing);
  // replying puts the cursor in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new message to edit or answer starts this
  useEffect(() => {
    if (editing) {
      setText(editing.content);
      setPicked(room.members.filter((member) => editing.mentions.includes(member._id)));
    }
    if (editing || replyTo) box.current?.focus();
  }, [editing, replyTo]);

  const typing = (value: string) => {
    setText(value);
    setError(null);
    const now = Date.now();
    if (value && socket && !editing && now - toldTyping.current > TYPING_EVERY_MS) {
      toldTyping.current = now;
      socket.emit('chat.typing', { room_id: room._id });
    }
  };

  const reset = () => {
    setText('');
    setFiles([]);
    setPicked([]);
    onReply(null);
    onEdit(null);
  };

  const submit = async () => {
    const body = text.trim();
    if (body.length > CHAT_MESSAGE_MAX) return setError(t('composer.label'));
    const mentions = stillMentioned(body, picked);
    if (editing) {
      if (!body && !editing.files.length) return;
      try {
        await edit.mutateAsync({ id: editing._id, msg: body, mentions });
        reset();
      } catch (err) {
        setError(errorText(err));
      }
      return;
    }
    if (!body && !files.length) return;
    const localId = newLocalId();
    const now = new Date();
    const pending: ShownMsg = {
      _id: `local-${localId}`,
      roomId: room._id,
      content: body,
      senderId: me,
      username: user?.fullName ?? '',
      date: now.toISOString(),
      timestamp: now.getTime(),
      seen: false,
      file: files[0] ?? null,
      files,
      reply_to: replyTo
        ? { _id: replyTo._id, content: replyTo.content, username: replyTo.username, deleted: replyTo.deleted }
        : null,
      mentions,
      edited: null,
      deleted: false,
      reactions: [],
      local_id: localId,
      cursor: Number.MAX_SAFE_INTEGER,
      can: { edit: false, delete: false, react: false },
    };
    // The failure shows on the message itself (send again, discard), the box is free for the next one.
    send.mutate({
      body: {
        roomId: room._id,
        msg: body,
        files: files.map((file) => file._id),
        reply_to: replyTo?._id ?? null,
        mentions,
        local_id: localId,
      },
      pending,
    });
    reset();
    onSent();
  };

  const label = room.type === 'direct' ? t('composer.placeholderTo', { name: room.name }) : t('composer.placeholder');
  const quoted = editing ? null : replyTo;
  return (
    <Box px="md" pb="sm" pt={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap={6}>
          {(quoted || editing) && (
            <Group justify="space-between" wrap="nowrap" className="hw-chat-reply">
              <Box style={{ minWidth: 0 }}>
                <Text size="xs" fw={600}>
                  {editing ? t('composer.editing') : t('composer.replyingTo', { name: quoted?.username ?? '' })}
                </Text>
                {quoted && (
                  <Text size="xs" c="dimmed" truncate="end">
                    {quoted.content}
                  </Text>
                )}
              </Box>
              <CloseButton size="sm" aria-label={t('composer.cancel')} onClick={reset} />
            </Group>
          )}
          <DraftAttachments files={files} onRemove={(id) => setFiles(files.filter((file) => file._id !== id))} />
          <UploadProgress value={upload.progress} />
          <Group gap={6} align="flex-end" wrap="nowrap">
            {!editing && (
              <FileButton
                multiple
                onChange={async (chosen) => {
                  const results = await upload.upload(chosen);
                  if (results) setFiles((now) => [...now, ...results.map((r) => r.file)].slice(0, CHAT_FILES_MAX));
                }}
              >
                {(props) => (
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('composer.attach')}
                    {...tip(t('composer.attach'))}
                    disabled={upload.uploading || files.length >= CHAT_FILES_MAX}
                  >
                    <IconPaperclip size={20} />
                  </ActionIcon>
                )}
              </FileButton>
            )}
            {others.length > 0 && (
              <Menu position="top-start" shadow="md" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('composer.mention')}
                    {...tip(t('composer.mention'))}
                  >
                    <IconAt size={20} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown mah={280} style={{ overflowY: 'auto' }}>
                  {others.map((member) => (
                    <Menu.Item
                      key={member._id}
                      onClick={() => {
                        setText((now) => `${now}${now && !now.endsWith(' ') ? ' ' : ''}@${member.name} `);
                        setPicked((now) => (now.some((p) => p._id === member._id) ? now : [...now, member]));
                        box.current?.focus();
                      }}
                    >
                      {member.name}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            <Textarea
              ref={box}
              style={{ flex: 1 }}
              aria-label={t('composer.label')}
              aria-describedby="chat-composer-hint"
              placeholder={label}
              value={text}
              maxLength={CHAT_MESSAGE_MAX}
              autosize
              minRows={1}
              maxRows={8}
              error={error ?? upload.error}
              onChange={(event) => typing(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  void submit();
                } else if (event.key === 'ArrowUp' && !text && !editing && lastOwn) {
                  event.preventDefault();
                  onEdit(lastOwn);
                } else if (event.key === 'Escape' && (editing || replyTo)) {
                  reset();
                }
              }}
            />
            <ActionIcon
              type="submit"
              size="lg"
              aria-label={editing ? t('composer.save') : t('composer.send')}
              {...tip(editing ? t('composer.save') : t('composer.send'))}
              loading={edit.isPending}
              disabled={upload.uploading || (!text.trim() && !files.length && !editing)}
            >
              <IconSend size={18} />
            </ActionIcon>
          </Group>
          <Text id="chat-composer-hint" size="xs" c="dimmed" visibleFrom="sm">
            {t('composer.hint')}
          </Text>
        </Stack>
      </form>
    </Box>
  );
}
