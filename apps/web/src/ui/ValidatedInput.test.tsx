import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render';
import { ValidatedInput } from './ValidatedInput';
import type { InputRules } from './validation';

function Field({
  rules,
  initial = '',
  showErrors = false,
}: {
  rules: InputRules;
  initial?: string;
  showErrors?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return <ValidatedInput label="Group name" value={value} onChange={setValue} rules={rules} showErrors={showErrors} />;
}

describe('ValidatedInput', () => {
  it('shows the required error state only after the field is left', () => {
    renderUi(<Field rules={{ required: true }} />);
    const input = screen.getByRole('textbox', { name: /Group name/ });
    expect(screen.queryByText('Field is required')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText('Field is required')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'Runners' } });
    expect(screen.queryByText('Field is required')).toBeNull();
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows errors at once after a submit attempt', () => {
    renderUi(<Field rules={{ email: true }} initial="anna@" showErrors />);
    expect(screen.getByText('Enter a valid e-mail')).toBeTruthy();
  });

  it('shows used/limit only near the maximum and flags going over it', () => {
    renderUi(<Field rules={{ maxLength: 10 }} />);
    const input = screen.getByRole('textbox', { name: /Group name/ });
    // An empty field and a short name are far from the limit: no counter at all.
    expect(screen.queryByTestId('length-counter')).toBeNull();
    fireEvent.change(input, { target: { value: 'Maria' } });
    expect(screen.queryByTestId('length-counter')).toBeNull();
    fireEvent.change(input, { target: { value: 'Marathon' } });
    expect(screen.getByTestId('length-counter').textContent).toBe('8/10');
    expect(screen.getByLabelText('8 of 10 characters used')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Marathon club' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('length-counter').textContent).toBe('13/10');
    expect(screen.getByText('At most 10 characters')).toBeTruthy();
  });

  it('applies url, alphanumeric and minimum length with their own messages', () => {
    const { unmount } = renderUi(<Field rules={{ url: true }} initial="example" showErrors />);
    expect(screen.getByText('Enter a valid link, for example https://example.com')).toBeTruthy();
    unmount();
    renderUi(<Field rules={{ alphanumeric: true, minLength: 4 }} initial="ab" showErrors />);
    expect(screen.getByText('At least 4 characters')).toBeTruthy();
  });

  it('lets a server message win over the rules', () => {
    renderUi(<ValidatedInput label="Login" value="anna" onChange={() => {}} error="This login is already taken" />);
    expect(screen.getByText('This login is already taken')).toBeTruthy();
  });
});
