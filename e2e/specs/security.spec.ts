import { expect, signInFresh, test } from './helpers';

test('the app runs under its Content-Security-Policy, which blocks injected inline scripts', async ({
  page,
  cspViolations,
}) => {
  const response = await page.goto('/login/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');

  await signInFresh(page, 'anna');

  // A stored-XSS payload that reached the DOM would not run: the browser refuses and reports it.
  const blocked = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; directive: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) =>
          resolve({
            ran: (window as unknown as { injected?: boolean }).injected === true,
            directive: event.effectiveDirective,
          }),
        );
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
      }),
  );
  expect(blocked).toEqual({ ran: false, directive: 'script-src-elem' });
  // That refusal was this test's own doing; anything else the fixture reports fails the test.
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  cspViolations.splice(0);
});

test('the API reference works under its own policy without violations', async ({ page }) => {
  const response = await page.goto('/api/docs/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByText('Hallway API').first()).toBeVisible();
});
