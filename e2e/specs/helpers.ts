import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

const REPORT = '__hallwayCspViolation';

/**
 * Reports every Content-Security-Policy violation of the context's pages and frames: the browser's
 * `securitypolicyviolation` event, heard from before any page script runs. (Chromium does not print every violation
 * on the console — not an `eval` a library tries and catches — so the event is what counts.)
 */
async function watchPolicy(context: BrowserContext, violations: string[]) {
  await context.exposeBinding(REPORT, (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript((report) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = `${event.sourceFile || location.href}:${event.lineNumber}`;
      (window as unknown as Record<string, (text: string) => void>)[report](
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${where} (page ${location.pathname})`,
      );
    });
  }, REPORT);
}

/**
 * The mood meter opens once a day on arrival for everyone of the demo workspace; the other specs' people have put it
 * off (its "not now", kept in the browser). The mood spec takes it back in its own contexts.
 */
export const MOOD_LATER = { key: 'hallway.mood.later', until: '9999-12-31' };

const putOffMood = (context: BrowserContext) =>
  context.addInitScript(({ key, until }) => localStorage.setItem(key, until), MOOD_LATER);

/**
 * Every spec runs with the server's Content-Security-Policy on: a violation in any of its pages — the `page`
 * fixture's or those of contexts the spec opens itself — fails the test that caused it, so the app never needs a
 * relaxed policy without anyone noticing.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watchPolicy(context, violations);
      await putOffMood(context);
      const newContext = browser.newContext;
      // `browser.newPage` opens its context through this too.
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const opened = await newContext.apply(browser, args);
        await watchPolicy(opened, violations);
        await putOffMood(opened);
        return opened;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
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

/**
 * Resolves once the page is live: its socket has joined the person's rooms and the page's parts listen to it
 * (`data-live` on <html>, set by the session after their listeners are attached). An event sent before that goes to
 * nobody. Call it before the page opens; it waits as long as the test's own timeout allows.
 */
export function socketIdentified(page: Page): Promise<void> {
  return page
    .locator('html[data-live="true"]')
    .waitFor({ state: 'attached', timeout: 0 })
    .then(() => undefined);
}

/** A token for API calls made beside the browser (another "device" of the same person). */
/**
 * Clicks `target` until `shown` appears. The start-up data reaches the page in background renders (transitions) that
 * may swap the clicked element for a new one just as it is clicked; on a loaded machine that click is lost, and a
 * person would click again. Checks `shown` first, so a click that took effect is never repeated.
 */
export async function clickUntilShown(target: Locator, shown: Locator) {
  await expect(async () => {
    if (!(await shown.isVisible())) await target.click({ timeout: 5_000 });
    await expect(shown).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

export async function apiToken(request: APIRequestContext, login: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/loginPage', { data: { login, password } });
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { token: string; result: { _id: string } };
  return { token: body.token, userId: body.result._id };
}

/** A person signed in in a context of their own (English, a desktop unless a viewport is given). */
export async function openAs(browser: Browser, login: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  await signInFresh(page, login);
  return { context, page };
}

/** Switches the theme from the account menu, as a person does. */
export async function setTheme(page: Page, scheme: 'light' | 'dark') {
  if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) === scheme) return;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: scheme === 'dark' ? 'Dark theme' : 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}
