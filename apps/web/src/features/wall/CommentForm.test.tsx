import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CommentForm } from './Comments';
import { renderWall } from './testing';

describe('CommentForm', () => {
  it('says that Ctrl+Enter sends, like the composer, once something is typed', async () => {
    renderWall(<CommentForm postId="01a1fe5d-0000-7000-8000-0000000000p1" />);
    expect(screen.queryByText('Ctrl+Enter to send')).toBeNull();
    await userEvent.setup({ delay: null }).type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Nice');
    expect(screen.getByText('Ctrl+Enter to send')).toBeTruthy();
  });
});
