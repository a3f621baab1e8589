import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { A11yPage } from '../../apps/web/src/app/webModule';
import { apiToken, expect, PHONE, SUPERADMIN, shot, signInFresh, test } from './helpers';

// Every page of the app in the light theme on a desktop and a phone, and in the dark theme on a desktop: no serious
// or critical axe-core violation (WCAG 2.2 A and AA plus axe's best practices). What the dark theme changes is
// colour, so its pass runs the rules colours decide (contrast); what a phone changes is layout (target sizes,
// reflow), so the dark theme on a phone would check again what the other two passes do. A module lists its pages in
// its `a11y.ts` (its `a11yPages`), and they are checked here the same way.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: PHONE };
/** The rules whose outcome the colours decide: all the dark theme's pass runs (the light passes run every rule). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const FEATURES = fileURLToPath(new URL('../../apps/web/src/features/', import.meta.url));

/** The pages the modules list for `who` (`apps/web/src/features/<module>/a11y.ts`, plain data). */
async function modulePages(who: A11yPage['as']): Promise<A11yPage[]> {
  const files = readdirSync(FEATURES)
    .map((name) => path.join(FEATURES, name, 'a11y.ts'))
    .filter((file) => existsSync(file));
  const lists = await Promise.all(
    files.map(async (file) => ((await import(pathToFileURL(file).href)) as { a11yPages: A11yPage[] }).a11yPages),
  );
  return lists.flat().filter((page) => page.as === who);
}

/**
 * Runs axe-core on what is on screen and returns the serious and critical problems, readably. `rules` narrows the
 * check to those rules (the dark theme's pass: what colours decide). Only violations are collected in detail
 * (`resultTypes`): nothing reads the passes' node lists.
 */
async function seriousProblems(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Opens a page and waits until its heading is there and its data has arrived. Inside the signed-in shell, a page of
 * another path is reached through the app's router (as a click on a link does: the app stays loaded), once the
 * previous page's content is gone; the first page, a public one and a new query of the same path load afresh.
 */
async function open(page: Page, path: string) {
  const bare = (pathname: string) => pathname.replace(/\/$/, '');
  const from = page.url().startsWith('http') ? new URL(page.url()) : null;
  // The pointer rests in a corner, as after a page load: a new page drawn under it would show a hover state.
  await page.mouse.move(0, 0);
  const inApp =
    from !== null &&
    bare(new URL(path, from).pathname) !== bare(from.pathname) &&
    (await page.evaluate((to) => {
      // Read again in the page: the app may have moved there itself meanwhile (the superadmin's landing redirect),
      // and a push to the path shown would keep the marked content.
      const bare = (pathname: string) => pathname.replace(/\/$/, '');
      if (bare(window.location.pathname) === bare(new URL(to, window.location.href).pathname)) return false;
      const shown = document.querySelectorAll('#main > div > *');
      if (!shown.length) return false;
      for (const node of shown) node.setAttribute('data-a11y-stale', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return true;
    }, path));
  if (inApp) await expect(page.locator('[data-a11y-stale]')).toHaveCount(0);
  else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

async function checkEverywhere(
  page: Page,
  paths: string[],
  name: string,
  viewports: Partial<typeof VIEWPORTS> = VIEWPORTS,
  rules?: string[],
) {
  for (const [device, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await open(page, path);
      const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
      expect(await seriousProblems(page, rules), `${path} (${device}, ${scheme})`).toEqual([]);
    }
    await shot(page, `a11y-${name}-${device}`);
  }
}

test('the sign-in pages have no serious accessibility problems', async ({ page }) => {
  const pages = await modulePages('public');
  await checkEverywhere(
    page,
    pages.map((p) => p.path),
    'sign-in',
  );
});

for (const scheme of ['light', 'dark'] as const) {
  test(`an administrator’s pages have none in the ${scheme} theme`, async ({ page, request }) => {
    // Every module's pages, each loaded and checked: far more than the default minutes on a busy machine.
    test.setTimeout(600_000);
    const { token, userId } = await apiToken(request, 'admin');
    const setTheme = async (theme: 'light' | 'dark') => {
      const response = await request.put(`/api/user/${userId}`, {
        data: { theme },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.ok()).toBeTruthy();
    };
    await setTheme(scheme);
    try {
      await signInFresh(page, 'admin');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      // The workspace's id (from the token) and, for a page of one object, the first of its list.
      const clientId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).client_id as string;
      const paths: string[] = [];
      for (const { path: pagePath, first } of await modulePages('admin')) {
        let firstId = '';
        if (first) {
          const list = await request.get(first.replace(':client', clientId).replace(':me', userId), {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(list.ok()).toBeTruthy();
          firstId = ((await list.json()) as { result: { _id: string }[] }).result[0]._id;
        }
        paths.push(pagePath.replace(':me', userId).replace(':first', firstId));
      }
      await checkEverywhere(
        page,
        // The shell's own page for a path no module has.
        [...paths, '/404'],
        `admin-${scheme}`,
        scheme === 'light' ? VIEWPORTS : { desktop: VIEWPORTS.desktop },
        scheme === 'light' ? undefined : COLOUR_RULES,
      );
    } finally {
      await setTheme('light');
    }
  });
}

test('the superadmin’s workspaces page has none', async ({ page }) => {
  await signInFresh(page, SUPERADMIN.login, SUPERADMIN.password);
  await checkEverywhere(
    page,
    (await modulePages('superadmin')).map((p) => p.path),
    'superadmin',
  );
});

test('the keyboard reaches the page first through the skip link, and navigation moves focus to the new heading', async ({
  page,
}) => {
  await signInFresh(page, 'anna');
  await open(page, '/company/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Address book' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Address book' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(/^Address book · /);
});

test('the show-password button is reachable by Tab', async ({ page }) => {
  await page.goto('/login/');
  await page.getByRole('textbox', { name: 'Password' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /password/i })).toBeFocused();
});
