/** What the birthdays module shares with other modules; they import nothing else of its folder. */
export { birthdaysQueries } from './queries';
