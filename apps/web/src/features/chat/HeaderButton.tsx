import { ActionIcon } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { CountIndicator } from '../../ui/CountIndicator';
import { tip } from '../../ui/SharedTooltip';
import { chatQueries } from './queries';
import { useChatListRealtime } from './realtime';
import { useChatTexts } from './texts';

/** The header's chat button: my unread messages in every room (muted ones aside), live. */
export default function ChatHeaderButton() {
  const { t } = useChatTexts();
  const { user, client } = useSession();
  // A superadmin visiting a workspace has no rooms of their own there.
  const own = !!user && !!client && user.client_id === client._id;
  useChatListRealtime();
  const unread = useQuery({ ...chatQueries.unread(), enabled: own });
  if (!own) return null;
  const count = unread.data ?? 0;
  const label = count ? t('header.unread', { count }) : t('header.open');
  return (
    <CountIndicator count={count} testId="chat-count">
      <ActionIcon
        component={Link}
        to="/chat"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        {...tip(label)}
        data-testid="chat-button"
      >
        <IconMessageCircle size={22} />
      </ActionIcon>
    </CountIndicator>
  );
}
