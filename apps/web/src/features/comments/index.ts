/** What the comments module shares: a comment thread of any subject (`{ type, id }`), for requests and tasks. */
export { type CommentSubject, CommentThread, useThreadEvents, withComment, withoutComment } from './CommentThread';
