import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { setUiLanguage } from '../i18n';
import { renderUi } from '../test/render';
import { EmptyState, ErrorState, LoadingState, type QueryLike, QueryState, SkeletonRows } from './States';

describe('empty, loading and error states', () => {
  it('shows an empty state with a default title, a description and an action', () => {
    const { unmount } = renderUi(<EmptyState />);
    expect(screen.getByRole('heading', { name: 'Nothing here yet' })).toBeTruthy();
    unmount();
    renderUi(
      <EmptyState
        title="No posts yet"
        description="Write the first one"
        action={<button type="button">Write</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No posts yet' })).toBeTruthy();
    expect(screen.getByText('Write the first one')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Write' })).toBeTruthy();
  });

  it('announces loading', () => {
    renderUi(<LoadingState />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });

  it('explains a failure by its catalogue code in the current language and retries', async () => {
    const retry = vi.fn();
    const error = new ApiError(403, { message: 'No access', code: 'no_access' });
    const { unmount } = renderUi(<ErrorState error={error} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('No access');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
    unmount();

    await setUiLanguage('ru');
    renderUi(<ErrorState error={error} />);
    expect(screen.getByRole('alert').textContent).toContain('Нет доступа');
    await setUiLanguage('en');
  });

  it('falls back to the server message for a code it does not know', () => {
    renderUi(<ErrorState error={new ApiError(409, { message: 'The board is archived', code: 'board_archived' })} />);
    expect(screen.getByRole('alert').textContent).toContain('The board is archived');
  });
});

describe('query state', () => {
  const query = (overrides: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
    data: undefined,
    error: null,
    isPending: false,
    isError: false,
    refetch: vi.fn(async () => undefined),
    ...overrides,
  });
  const list = (names: string[]) => (
    <ul>
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );

  it('shows the loading placeholder until data arrives, then the content', () => {
    const first = renderUi(<QueryState query={query({ isPending: true })}>{list}</QueryState>);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    first.unmount();
    const second = renderUi(
      <QueryState query={query({ isPending: true })} loading={<SkeletonRows rows={2} label="Loading people" />}>
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('status', { name: 'Loading people' })).toBeTruthy();
    second.unmount();
    renderUi(<QueryState query={query({ data: ['Anna', 'Boris'] })}>{list}</QueryState>);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Anna', 'Boris']);
  });

  it('shows the empty state instead of empty content', () => {
    renderUi(
      <QueryState query={query({ data: [] })} isEmpty={(names) => names.length === 0} empty={<p>Nobody here</p>}>
        {list}
      </QueryState>,
    );
    expect(screen.getByText('Nobody here')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('explains a failure and refetches on retry, even with older data at hand', () => {
    const failed = query({
      data: ['Anna'],
      isError: true,
      error: new ApiError(403, { message: 'No access', code: 'no_access' }),
    });
    const { unmount } = renderUi(<QueryState query={failed}>{list}</QueryState>);
    expect(screen.getByRole('alert').textContent).toContain('No access');
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
    unmount();

    renderUi(
      <QueryState query={failed} compactError>
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('No access');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalledTimes(2);
  });
});
