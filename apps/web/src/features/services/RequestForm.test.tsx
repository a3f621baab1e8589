import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as api from './api';
import { RequestForm } from './RequestForm';
import { ALL_FIELDS, answerFetch, makeRequest, makeService, renderWithSession, SERVICE_ID } from './testing';

const form = () => screen.getByRole('form', { name: 'File a request' });

describe('request form', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      answerFetch({
        '/api/structure/byClient/': {
          result: [
            {
              type: 'functional',
              root: {
                _id: '01a1fe5d-0000-7000-8000-0000000000d1',
                name: 'Company',
                children: [{ _id: '01a1fe5d-0000-7000-8000-0000000000d2', name: 'Sales', children: [] }],
              },
            },
          ],
          can: { edit: false },
        },
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders every one of the 13 field types with its input', async () => {
    renderWithSession(<RequestForm service={makeService()} />);
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Notes/ }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: /^Count/ }).getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByRole('checkbox', { name: /^I agree/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Size/ })).toBeTruthy();
    expect(screen.getByText('Day')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Leave: From' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Leave: To' })).toBeTruthy();
    expect(screen.getByText('Scan')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Department/ })).toBeTruthy();
    expect(screen.getByText('Who')).toBeTruthy();
    expect(screen.getByText('Team')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Phone/ }).getAttribute('type')).toBe('tel');
    expect(screen.getByRole('textbox', { name: /^Mail/ }).getAttribute('type')).toBe('email');
    expect(within(form()).getAllByRole('button', { name: 'Upload files' })).toHaveLength(2);
    expect(ALL_FIELDS).toHaveLength(13);
  });

  it('refuses missing required values and wrong formats before sending anything', async () => {
    const start = vi.spyOn(api, 'startRequest');
    renderWithSession(<RequestForm service={makeService()} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('textbox', { name: /^Phone/ }));
    await user.paste('12');
    await user.click(screen.getByRole('textbox', { name: /^Mail/ }));
    await user.paste('not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(screen.getAllByText('Fill in this field')).toHaveLength(3);
    expect(screen.getByText(/A phone number/)).toBeTruthy();
    expect(screen.getByText(/An e-mail address/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Fix the marked fields');
    expect(start).not.toHaveBeenCalled();
  });

  it('sends the values by key, and shows the server’s refusal on its field and the missing chief clearly', async () => {
    const start = vi
      .spyOn(api, 'startRequest')
      .mockRejectedValueOnce(
        new ApiError(400, {
          message: 'Too long',
          code: 'service_field_too_long',
          params: { max: 255 },
          fields: { 'fields.title': 'service_field_too_long' },
        }),
      )
      .mockRejectedValueOnce(new ApiError(400, { message: 'No chief', code: 'service_chief_not_found' }))
      .mockResolvedValueOnce(makeRequest());
    const service = makeService({ fields: ALL_FIELDS.slice(0, 3) });
    renderWithSession(<RequestForm service={service} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('textbox', { name: /^Title/ }));
    await user.paste('  A laptop  ');
    await user.click(screen.getByRole('combobox', { name: /^Size/ }));
    await user.click(await screen.findByRole('option', { name: 'M' }));
    await user.click(screen.getByRole('checkbox', { name: /^I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(start).toHaveBeenLastCalledWith(SERVICE_ID, { title: 'A laptop', size: 'M', agree: true }, []);
    expect(screen.getByRole('textbox', { name: /^Title/ }).getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect((await screen.findByTestId('request-failure')).textContent).toMatch(/Your chief could not be determined/);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(3));
  });
});
