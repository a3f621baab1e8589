/** What the auth module shares with other modules; they import nothing else of its folder. */
export { useAuthTexts } from './texts';
