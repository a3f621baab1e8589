import { SERVICE_FIELD_TYPES, SERVICE_FIELDS_MAX, SERVICE_STEPS_MAX } from '@hallway/shared/services';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as api from './api';
import { movedField, newField } from './FieldsEditor';
import NewServicePage from './ServiceEditorPage';
import { answerFetch, GROUP_ID, makeService, renderWithSession, USERS } from './testing';

const routes = (
  <Routes>
    <Route path="/service/new" element={<NewServicePage />} />
    <Route path="/service/:_id" element={<p>The service page</p>} />
  </Routes>
);

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

describe('service designer', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      answerFetch({
        '/api/service_group/byClient/': {
          result: [
            { _id: GROUP_ID, client_id: 'c', name: 'IT', order: 0, can: { edit: true, delete: true }, services: [] },
          ],
          can: { create_group: true, create_service: true, settings: true },
        },
        '/api/structure/byClient/': { result: [], can: { edit: false } },
        '/api/user/filters/': { result: {} },
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses an incomplete service on its inputs before sending anything', async () => {
    const create = vi.spyOn(api, 'createService');
    renderWithSession(routes, { isAdmin: true }, '/service/new');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create the service' }));
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(screen.getByText('Enter a description')).toBeTruthy();
    expect(screen.getByText('Choose a group')).toBeTruthy();
    expect(screen.getByText('Name the field')).toBeTruthy();
    expect(screen.getByText('Name the step')).toBeTruthy();
    expect(screen.getByText(/Choose at least one performer/)).toBeTruthy();
    expect(screen.getByTestId('designer-failure').textContent).toBe('Fix the marked fields');
    expect(create).not.toHaveBeenCalled();
  });

  it('offers the 13 field types, options for a choice, and stops at the limits of the shared schema', async () => {
    renderWithSession(routes, { isAdmin: true }, '/service/new');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Field type' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(SERVICE_FIELD_TYPES.length);
    expect(SERVICE_FIELD_TYPES).toHaveLength(13);
    await user.click(screen.getByRole('option', { name: 'Choice from a list' }));
    expect(screen.getByRole('textbox', { name: 'Options' })).toBeTruthy();
    const add = screen.getAllByRole('button', { name: 'Add a field' })[0];
    for (let n = 1; n < SERVICE_FIELDS_MAX; n++) await user.click(add);
    expect(screen.getAllByTestId('designer-field')).toHaveLength(SERVICE_FIELDS_MAX);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    // Multi-step: steps up to 5, each with its own fields.
    await user.click(screen.getByRole('radio', { name: 'Multi-step' }));
    const addStep = screen.getByRole('button', { name: 'Add a step' });
    for (let n = 1; n < SERVICE_STEPS_MAX; n++) await user.click(addStep);
    expect(screen.getAllByTestId('designer-step')).toHaveLength(SERVICE_STEPS_MAX);
    expect((addStep as HTMLButtonElement).disabled).toBe(true);
    // Every field has a drag handle the keyboard reaches, named by its place.
    expect(screen.getByRole('button', { name: 'Drag field 10' }).getAttribute('aria-roledescription')).toBe('sortable');
  });

  it('orders the fields as they are dropped', () => {
    const [a, b, c] = [newField(), newField(), newField()];
    expect(movedField([a, b, c], a.id, c.id)?.map((field) => field.id)).toEqual([b.id, c.id, a.id]);
    expect(movedField([a, b, c], c.id, a.id)?.map((field) => field.id)).toEqual([c.id, a.id, b.id]);
    expect(movedField([a, b, c], a.id, null)).toBeNull();
    expect(movedField([a, b, c], b.id, b.id)).toBeNull();
  });

  it('creates the service with its fields in order and its step, and shows the server’s code in words', async () => {
    const create = vi
      .spyOn(api, 'createService')
      .mockRejectedValueOnce(new ApiError(400, { message: 'x', code: 'service_too_many_steps', params: { max: 5 } }))
      .mockResolvedValueOnce(makeService());
    renderWithSession(routes, { isAdmin: true, users: USERS }, '/service/new');
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'New laptop');
    await fill(user, screen.getByRole('textbox', { name: /^Description/ }), 'Order a laptop');
    await user.click(screen.getByRole('combobox', { name: /^Group/ }));
    await user.click(await screen.findByRole('option', { name: 'IT' }));
    await fill(user, screen.getByRole('textbox', { name: /^Field name/ }), 'Model');
    await user.click(screen.getByRole('checkbox', { name: 'Required' }));
    await fill(user, screen.getByRole('textbox', { name: /^Step name/ }), 'Manager approves');
    await user.click(screen.getByRole('checkbox', { name: 'The requester’s chief' }));
    await user.click(screen.getByRole('button', { name: 'Create the service' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('designer-failure')).toBeTruthy();
    expect(screen.getByTestId('designer-failure').textContent).toMatch(/5/);
    expect(screen.getByTestId('designer-failure').textContent).not.toMatch(/service_too_many_steps/);
    expect(create.mock.calls[0][0]).toMatchObject({
      name: 'New laptop',
      description: 'Order a laptop',
      group: GROUP_ID,
      type: 'simple',
      fields: [{ name: 'Model', type: 'string', required: true, options: [] }],
      steps: [{ name: 'Manager approves', chief: true, people: [], departments: [], review: false, fields: [] }],
    });
    await user.click(screen.getByRole('button', { name: 'Create the service' }));
    expect(await screen.findByText('The service page')).toBeTruthy();
  });
});
