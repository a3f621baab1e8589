import './chat.css';
import { Box } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../ui/States';
import { Conversation } from './Conversation';
import { RoomList } from './RoomList';
import { useChatTexts } from './texts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The chat (modules §2 "/chat", "/chat/:_id"): my conversations beside the open one, as in Slack or Teams; on a
 * phone, the list and the conversation are two screens.
 */
export default function ChatPage() {
  const { t } = useChatTexts();
  const params = useParams();
  const id = params._id && UUID.test(params._id) ? params._id.toLowerCase() : null;
  return (
    <Box className="hw-chat" data-open={params._id ? 'true' : 'false'} data-testid="chat">
      <nav className="hw-chat-rooms" aria-label={t('rooms.label')}>
        <RoomList current={id} />
      </nav>
      <section className="hw-chat-pane" aria-label={t('room.history')}>
        {/* On a phone the list (with the page's heading) is a screen of its own: the conversation's screen names the page too. */}
        <h1 className="hw-chat-pane-title">{t('title')}</h1>
        {id ? (
          <Conversation key={id} roomId={id} />
        ) : params._id ? (
          <Box p="xl">
            <EmptyState icon={<IconMessages size={28} />} title={t('room.gone')} />
          </Box>
        ) : (
          <Box p="xl" my="auto">
            <EmptyState icon={<IconMessages size={28} />} title={t('pick.title')} description={t('pick.text')} />
          </Box>
        )}
      </section>
    </Box>
  );
}
