/** What the auth module shares with other modules; they import nothing else of its folder. */

export { AuthLayout } from './AuthLayout';
export { useAuthTexts } from './texts';
