import type { ChatRoomDto } from '@hallway/shared/chat';
import { Avatar as MantineAvatar } from '@mantine/core';
import { useSession } from '../../app/session/context';
import { Avatar } from '../../ui/Avatar';

/** A room's picture: the other person's for a direct room, the group's picture or its initials. */
export function RoomAvatar({ room, size = 40 }: { room: ChatRoomDto; size?: number }) {
  const { user } = useSession();
  if (room.type === 'direct') {
    const other = room.members.find((m) => m._id !== user?._id) ?? room.members[0];
    if (other) return <Avatar person={other} size={size} link={false} decorative />;
  }
  return (
    <MantineAvatar
      src={room.picture?.mini || room.picture?.src}
      alt=""
      size={size}
      radius="xl"
      color="initials"
      name={room.name}
    >
      {room.name.slice(0, 2).toUpperCase()}
    </MantineAvatar>
  );
}
