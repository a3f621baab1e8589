/** What the groups module shares with other modules; they import nothing else of its folder. */
export { groupQueries } from './queries';
