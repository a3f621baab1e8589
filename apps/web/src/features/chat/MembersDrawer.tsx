import type { ChatRoomDto } from '@hallway/shared/chat';
import { ActionIcon, Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { tip } from '../../ui/SharedTooltip';
import { chatMutations } from './queries';
import { useChatTexts } from './texts';

type Member = ChatRoomDto['members'][number];

/** A group's members and administrators; its administrators add people and remove them. */
export function MembersDrawer({ room, opened, onClose }: { room: ChatRoomDto; opened: boolean; onClose: () => void }) {
  const { t } = useChatTexts();
  const { user } = useSession();
  const client = useQueryClient();
  const add = useMutation(chatMutations.addMembers(client));
  const remove = useMutation(chatMutations.removeMember(client));
  const [adding, setAdding] = useState<string[]>([]);
  const [known, setKnown] = useState<PickedPerson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const submit = async () => {
    if (!adding.length) return;
    try {
      await add.mutateAsync({ roomId: room._id, members: adding });
      setAdding([]);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('members.title', { name: room.name })}>
      <Stack>
        {room.can.members && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Group align="flex-end" wrap="nowrap">
              <PeoplePicker
                label={t('members.add')}
                value={adding}
                known={known}
                exclude={room.members.map((member) => member._id)}
                error={error}
                style={{ flex: 1 }}
                onChange={(ids, people) => {
                  setAdding(ids);
                  setKnown(people);
                }}
              />
              <Button type="submit" loading={add.isPending} disabled={!adding.length}>
                {t('members.addButton')}
              </Button>
            </Group>
          </form>
        )}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {room.members.map((member) => (
            <Group key={member._id} component="li" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar person={member} size={32} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {member.name}
                    {member._id === user?._id && (
                      <Text span size="xs" c="dimmed" ml={4}>
                        ({t('members.you')})
                      </Text>
                    )}
                  </Text>
                  {member.position && (
                    <Text size="xs" c="dimmed" truncate="end">
                      {member.position}
                    </Text>
                  )}
                </div>
              </Group>
              <Group gap={4} wrap="nowrap">
                {member.role === 'admin' && (
                  <Badge size="sm" variant="light">
                    {t('members.admin')}
                  </Badge>
                )}
                {room.can.members && member._id !== user?._id && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('members.remove', { name: member.name })}
                    {...tip(t('members.remove', { name: member.name }))}
                    onClick={() => setRemoving(member)}
                  >
                    <IconUserMinus size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={!!removing}
        title={t('members.remove', { name: removing?.name ?? '' })}
        message={t('members.removeConfirm', { name: removing?.name ?? '', room: room.name })}
        danger
        onConfirm={() => removing && remove.mutateAsync({ roomId: room._id, userId: removing._id })}
        onClose={() => setRemoving(null)}
      />
    </Drawer>
  );
}
