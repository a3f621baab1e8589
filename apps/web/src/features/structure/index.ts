/** What the structure module shares with other modules; they import nothing else of its folder. */
export { structureQueries } from './queries';
