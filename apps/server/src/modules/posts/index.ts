// What other modules may use of the wall (they import this file, never the wall's own files).

export { type DemoAnswer, WALL } from './demo.js';
export { announce, commentForReaders } from './events.js';
export { commentsFeed } from './feeds.js';
export { type GroupWall, readableGroups } from './groups.js';
export { movedCounts, reactionCounts, toggleReaction } from './reactions.js';
export { checkedAttachments, checkedMentions } from './rules.js';
export { moveCommentCount, readablePost, roomOf } from './service.js';
export { posts } from './tables.js';
