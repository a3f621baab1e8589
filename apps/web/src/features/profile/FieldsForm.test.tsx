import type { UserDto } from '@hallway/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderUi } from '../../test/render';
import { ImportReportView } from '../employees/ImportModal';
import { changedFields, type FieldSpec, FieldsForm } from './FieldsForm';

const person = {
  _id: 'u1',
  firstName: 'Anna',
  lastName: 'Kowalski',
  position: 'Designer',
  city: '',
  vacationDays: 12,
} as unknown as UserDto;

const fields: FieldSpec[] = [
  { name: 'firstName', label: 'First name', rules: { required: true, maxLength: 20 } },
  { name: 'city', label: 'City' },
  { name: 'position', label: 'Position', hr: true },
  { name: 'vacationDays', label: 'Vacation days', kind: 'number', hr: true },
];

describe('FieldsForm', () => {
  it('shows facts, without inputs, to someone who may not edit', () => {
    renderUi(<FieldsForm person={person} fields={fields} canEdit={false} canEditHr={false} onSave={vi.fn()} />);
    expect(screen.getByText('Anna')).toBeTruthy();
    expect(screen.getByText('Designer')).toBeTruthy();
    expect(screen.queryByText('City')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('lets the owner edit their fields, HR-owned ones disabled, and sends only what changed', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderUi(<FieldsForm person={person} fields={fields} canEdit canEditHr={false} onSave={onSave} />);
    expect((screen.getByRole('textbox', { name: 'Position' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: ' Lisbon ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ city: 'Lisbon' }));
  });

  it('keeps a broken field from being sent, and shows server field errors on their fields', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValue(new ApiError(409, { message: 'taken', code: 'email_taken', fields: { city: 'too_long' } }));
    renderUi(<FieldsForm person={person} fields={fields} canEdit canEditHr onSave={onSave} />);
    const name = screen.getByRole('textbox', { name: /First name/ });
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'Ann' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Riga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/At most 255 characters/)).toBeTruthy();
  });

  it('types numbers for the API', () => {
    const values = { firstName: 'Anna', city: '', position: 'Designer', vacationDays: '14.5' };
    expect(changedFields(person, fields, values)).toEqual({ vacationDays: 14.5 });
  });
});

describe('ImportReportView', () => {
  it('counts the rows and explains each refused one in words', () => {
    renderUi(
      <ImportReportView
        report={{
          created: [{ row: 2, _id: 'a', login: 'a' }],
          errors: [
            { row: 3, fields: { email: 'email_invalid', inn: 'inn_invalid' }, message: 'Validation error' },
            { row: 7, fields: {}, message: 'Same email as row 2' },
          ],
        }}
      />,
    );
    expect(screen.getByText('Created: 1')).toBeTruthy();
    expect(screen.getByText('Rows with errors: 2')).toBeTruthy();
    expect(screen.getByText('E-mail: Invalid e-mail; INN: INN must be 10 digits')).toBeTruthy();
    expect(screen.getByText('Same email as row 2')).toBeTruthy();
  });
});
