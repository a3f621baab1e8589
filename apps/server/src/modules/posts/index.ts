// What other modules may use of the wall (they import this file, never the wall's own files).

export {
  type DemoAnswer,
  type DemoGroupPost,
  recountGroupWalls,
  seededWallPosts,
  seedGroupWall,
  setCommentCounts,
  WALL,
} from './demo.js';
export { announce, commentForReaders } from './events.js';
export { commentsFeed, mostLikedCompanyPosts } from './feeds.js';
export { type GroupWall, readableGroups } from './groups.js';
export { movedCounts, reactionCounts, toggleReaction } from './reactions.js';
export { checkedAttachments, checkedMentions } from './rules.js';
export { commentedPostSql, moveCommentCount, readablePost, readersOfPost, roomOf } from './service.js';
export { publishThanks } from './thanks.js';
