import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, LUKAS, renderWithSession } from '../features/groups/testing';
import { type GrantDraft, GrantEditor, grantProblem } from './GrantEditor';

/** Holds the grants like a settings form does and reports every change. */
function Harness({ initial = [], changes }: { initial?: GrantDraft[]; changes: GrantDraft[][] }) {
  const [value, setValue] = useState<GrantDraft[]>(initial);
  return (
    <GrantEditor
      value={value}
      showErrors
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

const last = (changes: GrantDraft[][]) => changes[changes.length - 1];

describe('GrantEditor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      answerFetch({ '/api/user/filters/': { result: { departments: ['Sales', 'Design'], cities: ['Berlin'] } } }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('adds a grant for everyone to read, and switches its audience to departments with a picker that takes new ones', async () => {
    const changes: GrantDraft[][] = [];
    renderWithSession(<Harness changes={changes} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByText(/No grants yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a grant' }));
    expect(last(changes)).toEqual([{ audience: 'all', values: [], from: null, to: null, level: 'read' }]);
    const grant = screen.getByRole('group', { name: 'Grant 1' });
    expect(grant).toBeTruthy();

    await user.click(screen.getAllByLabelText('Who')[0]);
    await user.click(screen.getByRole('option', { name: 'By department' }));
    expect(last(changes)[0]).toMatchObject({ audience: 'department', values: [] });
    // Unfinished: the picker says what is missing.
    expect(screen.getByText('Choose at least one')).toBeTruthy();

    const departments = screen.getAllByLabelText('Departments')[0];
    await user.click(departments);
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    await user.type(departments, 'Research{Enter}');
    expect(last(changes)[0].values).toEqual(['Sales', 'Research']);
    expect(grantProblem(last(changes)[0])).toBeNull();
  });

  it('offers people for chosen people, a range of months for working time, and the three levels', async () => {
    const changes: GrantDraft[][] = [];
    renderWithSession(
      <Harness changes={changes} initial={[{ audience: 'manual', values: [], from: null, to: null, level: 'read' }]} />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByLabelText('People')[0]);
    await user.click(await screen.findByRole('option', { name: /Lukas Schmidt/ }));
    expect(last(changes)[0]).toMatchObject({ audience: 'manual', values: [LUKAS] });

    await user.click(screen.getAllByLabelText('Access level')[0]);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Read', 'Write', 'No access']);
    await user.click(screen.getByRole('option', { name: 'No access' }));
    expect(last(changes)[0].level).toBe('none');
    expect(screen.getByText(/No access” wins/)).toBeTruthy();

    await user.click(screen.getAllByLabelText('Who')[0]);
    await user.click(screen.getByRole('option', { name: 'By working time' }));
    // A range needs at least one bound.
    expect(grantProblem(last(changes)[0])).toBe('badRange');
    await user.type(screen.getByRole('textbox', { name: 'Working at least (months)' }), '12');
    await waitFor(() =>
      expect(last(changes)[0]).toMatchObject({ audience: 'working_time', from: 12, to: null, level: 'none' }),
    );
    expect(grantProblem(last(changes)[0])).toBeNull();
    expect(grantProblem({ ...last(changes)[0], to: 6 })).toBe('badRange');
  });

  it('removes a grant by its labelled button', async () => {
    const changes: GrantDraft[][] = [];
    renderWithSession(
      <Harness
        changes={changes}
        initial={[
          { audience: 'heads', values: [], from: null, to: null, level: 'write' },
          { audience: 'city', values: ['Berlin'], from: null, to: null, level: 'read' },
        ]}
      />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Remove grant 1' }));
    expect(last(changes)).toEqual([{ audience: 'city', values: ['Berlin'], from: null, to: null, level: 'read' }]);
    expect(screen.queryByRole('group', { name: 'Grant 2' })).toBeNull();
  });
});
