/** What the vacations module shares with other modules; they import nothing else of its folder. */
export { AwayLabel, useAwayList } from './AwayBadge';
export { vacationQueries } from './queries';
