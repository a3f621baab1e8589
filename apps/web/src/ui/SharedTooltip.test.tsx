import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SharedTooltip, tip } from './SharedTooltip';

function Page() {
  return (
    <>
      <button type="button" aria-label="Send e-mail to Anna" {...tip('Send e-mail to Anna')}>
        @
      </button>
      <button type="button">plain</button>
      <SharedTooltip />
    </>
  );
}

describe('the shared tooltip', () => {
  it('shows the hovered element’s tip and hides it on Escape or when the pointer moves on', async () => {
    render(<Page />);
    const mail = screen.getByRole('button', { name: 'Send e-mail to Anna' });
    fireEvent.pointerOver(mail, { pointerType: 'mouse' });
    const shown = await screen.findByText('Send e-mail to Anna', { selector: '.hw-tooltip' });
    expect(shown.getAttribute('aria-hidden')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.querySelector('.hw-tooltip')).toBeNull();

    fireEvent.pointerOver(mail, { pointerType: 'mouse' });
    await screen.findByText('Send e-mail to Anna', { selector: '.hw-tooltip' });
    // Moving on to an element without a tip takes it away.
    fireEvent.pointerOver(screen.getByRole('button', { name: 'plain' }), { pointerType: 'mouse' });
    expect(document.querySelector('.hw-tooltip')).toBeNull();
  });
});
