/** What the wall module shares with other modules; they import nothing else of its folder. */

export { Attachments, DraftAttachments } from './Attachments';
export { Composer } from './Composer';
export { insertPostInFeed } from './cache';
export { type Celebration, celebrations, congratulationOf, pluralForm, useCongratulate } from './congratulate';
export { WallProvider } from './context';
export { Feed } from './Feed';
export { wallQueries } from './queries';
export { LinksWidget } from './widgets/LinksWidget';
