import type { PersonCard, RichDoc } from '@hallway/shared';
import { Anchor, Box, Button, Text } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RichText } from './editor/RichText';
import { LinkPreviews } from './LinkPreview';
import { segmentsOf } from './mentions';
import { useWallTexts } from './texts';

const LONG_CHARS = 700;
const LONG_LINES = 10;

const NO_CARDS: PersonCard[] = [];

/**
 * A post's or comment's text: mentions link to profiles, web addresses are links; long texts fold. A mention shows
 * the name of its person's card (the post's `mentions`, from the server), never the label written in the text, so
 * `@[Board of Directors](user:<id>)` cannot pass someone off as somebody else; a mention without a card is text.
 */
export const PostText = memo(function PostText({
  text,
  doc = null,
  mentions = NO_CARDS,
  size = 'sm',
  previews = false,
}: {
  text: string;
  /** A formatted post's document (drawn by RichText); plain posts have none. */
  doc?: RichDoc | null;
  mentions?: PersonCard[];
  size?: 'sm' | 'md';
  /** Cards of the intranet pages the text links to (a post's; comments have none). */
  previews?: boolean;
}) {
  const { t } = useWallTexts();
  const segments = useMemo(() => segmentsOf(text), [text]);
  const cards = useMemo(() => new Map(mentions.map((card) => [card._id.toLowerCase(), card])), [mentions]);
  const long = text.length > LONG_CHARS || text.split('\n').length > LONG_LINES;
  const [expanded, setExpanded] = useState(false);
  const folded = long && !expanded;
  if (doc) {
    return (
      <Box>
        <Text
          component="div"
          size={size}
          className={folded ? 'hw-rich-folded' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          <RichText doc={doc} cards={cards} />
        </Text>
        {long && (
          <Button variant="subtle" size="compact-xs" px={0} mt={2} onClick={() => setExpanded((v) => !v)}>
            {expanded ? t('post.showLess') : t('post.showMore')}
          </Button>
        )}
        {previews && <LinkPreviews text={text} doc={doc} />}
      </Box>
    );
  }
  return (
    <Box>
      <Text size={size} lineClamp={folded ? 8 : undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {segments.map((segment, index) => {
          const key = `${segment.kind}-${index}`;
          if (segment.kind === 'mention') {
            const card = cards.get(segment.id);
            if (!card) return <span key={key}>@{segment.name}</span>;
            return (
              <Anchor key={key} component={Link} to={`/profile/${card._id}`} fw={600} inherit>
                @{card.name}
              </Anchor>
            );
          }
          if (segment.kind === 'link') {
            return (
              <Anchor key={key} href={segment.href} target="_blank" rel="noopener noreferrer" inherit>
                {segment.href}
              </Anchor>
            );
          }
          return <span key={key}>{segment.text}</span>;
        })}
      </Text>
      {long && (
        <Button variant="subtle" size="compact-xs" px={0} mt={2} onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('post.showLess') : t('post.showMore')}
        </Button>
      )}
      {previews && <LinkPreviews text={text} doc={null} />}
    </Box>
  );
});
