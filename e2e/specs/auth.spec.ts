import { expect, SUPERADMIN, shot, signIn, test } from './helpers';

test('a newcomer is sent to login, signs in as a demo employee and lands on the wall', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'login-desktop-light');

  // Login and password are required (spec portal §5 "Login"): inline messages, nothing sent.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Field is required')).toHaveCount(2);

  // A wrong password is answered inline in the person's language.
  await signIn(page, 'anna', 'wrong-password');
  await expect(page.getByText('Password is incorrect')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('loginError'))).toContain('password_incorrect');

  await signIn(page, 'anna');
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('heading', { name: 'Northwind Labs', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Wall' }),
  ).toBeVisible();
  const stored = await page.evaluate(() => ({
    authorization: localStorage.getItem('authorization'),
    token: !!localStorage.getItem('token'),
    uid: !!localStorage.getItem('uid'),
    user: !!localStorage.getItem('CurrentUserData'),
    startPage: localStorage.getItem('startPage'),
  }));
  expect(stored).toEqual({ authorization: 'true', token: true, uid: true, user: true, startPage: 'company' });
  await shot(page, 'wall-desktop-light');

  // Logout forgets the session and returns to login.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  // The page leaves the shell first; the session is forgotten once the server has been told.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the workspace login shows the workspace it finds', async ({ page }) => {
  await page.goto('/login_new/');
  await page.getByRole('textbox', { name: 'Workspace' }).fill('demo');
  await expect(page.getByTestId('auth-workspace')).toHaveText('Northwind Labs');
  await page.getByRole('textbox', { name: 'Workspace' }).fill('nosuchplace');
  await expect(page.getByText('Workspace not found')).toBeVisible();
  await page.getByRole('textbox', { name: 'Workspace' }).fill('demo');
  await signIn(page, 'anna');
  await expect(page).toHaveURL(/\/company$/);
});

test('the sign-in page switches its language, loading the texts of that language only then', async ({ page }) => {
  const textFiles: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(en|ru|uk)-[\w-]+\.js$/.test(request.url())) textFiles.push(request.url());
  });
  await page.goto('/login/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const before = textFiles.length;
  await page.getByRole('combobox', { name: 'Language' }).selectOption('uk');
  await expect(page.getByRole('heading', { name: 'Вхід' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Увійти', exact: true })).toBeVisible();
  expect(textFiles.length).toBeGreaterThan(before);
  await page.getByRole('combobox', { name: 'Мова' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('unknown pages show the not-found page with the way back', async ({ page }) => {
  await page.goto('/login/');
  await signIn(page, 'anna');
  await expect(page).toHaveURL(/\/company$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'To main page' }).click();
  await expect(page).toHaveURL(/\/company$/);
});

test('a newcomer joins a workspace that allows open registration', async ({ page, request }) => {
  const superadmin = await request.post('/api/loginPage', {
    data: { login: SUPERADMIN.login, password: SUPERADMIN.password },
  });
  const { token } = (await superadmin.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const code = `open${Date.now().toString(36)}`;
  const created = await request.post('/api/clients', {
    headers,
    data: { workspace: code, name: 'Open House', settings: { openRegistration: true } },
  });
  expect(created.ok()).toBeTruthy();

  await page.goto('/register/');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Field is required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Workspace' }).fill('demo');
  await expect(page.getByText('This workspace does not accept open registration')).toBeVisible();
  await page.getByRole('textbox', { name: 'Workspace' }).fill(code);
  await expect(page.getByTestId('auth-workspace')).toHaveText('Open House');
  await page.getByRole('textbox', { name: 'First name' }).fill('Nina');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`nina@${code}.example`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('secret13');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Make sure the passwords match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('secret12');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('heading', { name: 'Open House', level: 1 })).toBeVisible();
});

test('a forgotten password asks for a login or an e-mail and promises a link', async ({ page }) => {
  await page.goto('/login/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/$/);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Login or e-mail' }).fill('anna');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(
    page.getByText('If this account exists and has an e-mail, a link to set a new password is on its way there.'),
  ).toBeVisible();
});

test('a reset link is checked on opening: a dead one is reported before any typing', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token-123');
  await expect(page.getByRole('alert')).toHaveText('The reset link is invalid or has expired');
  await expect(page.getByRole('textbox', { name: 'New password' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/$/);
});

test('a reset link checks that both passwords are equal and reports a link that died meanwhile', async ({ page }) => {
  // The check on opening passes (the link dies between opening and sending).
  await page.route('**/api/reset_password/*', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { result: true } }) : route.fallback(),
  );
  await page.goto('/reset-password/not-a-real-token-123');
  await page.getByRole('textbox', { name: 'New password' }).fill('secret12');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('secret21');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Make sure the passwords match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('secret12');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('The reset link is invalid or has expired')).toBeVisible();
});
