import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../../app/theme';
import { Holidays } from './Holidays';

const year = dayjs().year();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <Holidays />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

// Mantine's date field and tables are heavy in happy-dom: a busy machine needs more than the default seconds.
describe('holidays', { timeout: 20_000 }, () => {
  it('lets an editor add and remove days, and saves the year as one list', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'PUT') return json({ ...JSON.parse(String(init.body)), result: [], can: { edit: true } });
      return json({ result: [{ date: `${year}-01-01`, name: 'New Year' }], can: { edit: true } });
    });
    show();
    const table = await screen.findByRole('table', { name: `Holidays ${year}` });
    expect(within(table).getByText('New Year')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save holidays' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const form = screen.getByRole('form', { name: 'Add a holiday' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add a holiday' }));
    expect(within(form).getAllByText('Field is required').length).toBe(2);

    await userEvent.type(within(form).getByRole('textbox', { name: /Date/ }), `01.01.${year}`);
    await userEvent.tab();
    expect(await within(form).findByText('This day is already a holiday')).toBeTruthy();
    const date = within(form).getByRole('textbox', { name: /Date/ });
    // The calendar offers only the year's days; one typed from another year is refused inline.
    await userEvent.clear(date);
    await userEvent.type(date, `08.03.${year + 1}`);
    expect(await within(form).findByText(`Choose a day of ${year}`)).toBeTruthy();
    await userEvent.clear(date);
    await userEvent.type(date, `08.03.${year}`);
    await userEvent.tab();
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), "Women's day");
    await userEvent.click(within(form).getByRole('button', { name: 'Add a holiday' }));
    expect(await within(table).findByText("Women's day")).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^Remove New Year/ }));
    expect(within(table).queryByText('New Year')).toBeNull();
    await userEvent.click(save);
    await screen.findByText(`Holidays of ${year} saved`);
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ year, days: [{ date: `${year}-03-08`, name: "Women's day" }] });
  });

  it('shows the holidays read-only to everyone else, year by year', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).includes(`year=${year + 1}`)
          ? json({ result: [], can: { edit: false } })
          : json({ result: [{ date: `${year}-05-01`, name: 'Labour day' }], can: { edit: false } }),
      );
    show();
    expect(await screen.findByText('Labour day')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save holidays' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next year' }));
    expect(await screen.findByText(`No holidays in ${year + 1}`)).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes(`year=${year + 1}`))).toBe(true);
  });
});
