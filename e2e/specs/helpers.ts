import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/**
 * Every spec runs with the server's Content-Security-Policy on: a violation (Chromium reports each on the console)
 * fails the test that caused it, so the app never needs a relaxed policy without anyone noticing.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The demo people's password: e2e/run.mjs starts the server with it as DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'demo1234';
export const SUPERADMIN = {
  login: 'superadmin',
  password: process.env.E2E_SUPERADMIN_PASSWORD ?? 'e2e-superadmin-pass',
};
export const PHONE = { width: 390, height: 844 };

/** Screenshots land in e2e/artifacts/ (kept by CI, never committed). */
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/artifacts/screenshots/${name}.png`, animations: 'disabled' });

/** Signs in through the login form the way a person does. */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: 'Login or e-mail' }).fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens the login page and signs in; waits until the shell shows the person's menu. */
export async function signInFresh(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.goto('/login/');
  await signIn(page, login, password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** A token for API calls made beside the browser (another "device" of the same person). */
export async function apiToken(request: APIRequestContext, login: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/loginPage', { data: { login, password } });
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { token: string; result: { _id: string } };
  return { token: body.token, userId: body.result._id };
}
