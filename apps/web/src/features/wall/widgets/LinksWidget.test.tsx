import type { LinkBlocksPage } from '@hallway/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from '../api';
import { CLIENT, renderWall } from '../testing';
import { LinksWidget } from './LinksWidget';

afterEach(() => vi.restoreAllMocks());

const page = (edit: boolean): LinkBlocksPage => ({
  result: [
    {
      _id: '01a1fe5d-0000-7000-8000-0000000000b1',
      client_id: CLIENT,
      module: 'company',
      enabled: true,
      links: [{ _id: '01a1fe5d-0000-7000-8000-0000000000b2', title: 'Handbook', link: 'https://example.test' }],
      can: { edit },
    },
  ],
  can: { edit },
});

describe('the useful links widget', { timeout: 20_000 }, () => {
  it("offers editing as the blocks page's can.edit says", async () => {
    vi.spyOn(api, 'fetchLinkBlocks').mockResolvedValue(page(false));
    const { unmount } = renderWall(<LinksWidget clientId={CLIENT} enabled />);
    expect(await screen.findByText('Handbook')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a link' })).toBeNull();
    unmount();
    vi.spyOn(api, 'fetchLinkBlocks').mockResolvedValue(page(true));
    renderWall(<LinksWidget clientId={CLIENT} enabled />);
    expect(await screen.findByRole('button', { name: 'Add a link' })).toBeTruthy();
  });
});
