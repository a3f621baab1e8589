/** What the addressBook module shares with other modules; they import nothing else of its folder. */
export { addressBookQueries } from './queries';
