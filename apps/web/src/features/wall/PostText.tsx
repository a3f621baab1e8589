import { Anchor, Box, Button, Text } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { segmentsOf } from './mentions';
import { useWallTexts } from './texts';

const LONG_CHARS = 700;
const LONG_LINES = 10;

/** A post's or comment's text: mentions link to profiles, web addresses are links; long texts fold. */
export const PostText = memo(function PostText({ text, size = 'sm' }: { text: string; size?: 'sm' | 'md' }) {
  const { t } = useWallTexts();
  const segments = useMemo(() => segmentsOf(text), [text]);
  const long = text.length > LONG_CHARS || text.split('\n').length > LONG_LINES;
  const [expanded, setExpanded] = useState(false);
  const folded = long && !expanded;
  return (
    <Box>
      <Text size={size} lineClamp={folded ? 8 : undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {segments.map((segment, index) => {
          const key = `${segment.kind}-${index}`;
          if (segment.kind === 'mention') {
            return (
              <Anchor key={key} component={Link} to={`/profile/${segment.id}`} fw={600} inherit>
                @{segment.name}
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
    </Box>
  );
});
