import type { UploadResult } from '@hallway/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as upload from '../../api/upload';
import * as api from './api';
import { RespondForm } from './RespondForm';
import { makeVacancy, renderWithSession } from './testing';

const vacancy = makeVacancy();
const uploaded = (name: string): UploadResult =>
  ({
    file: {
      _id: `01a1fe5d-0000-7000-8000-0000000000f${name.length % 10}`,
      src: `/api/files/${name}`,
      name,
      size: 1000,
      mime: 'application/pdf',
    },
    thumb: null,
    url: `/api/files/${name}`,
    fileName: name,
  }) as UploadResult;

function setup() {
  const closed = vi.fn();
  const utils = renderWithSession(<RespondForm vacancyId={vacancy._id} onClose={closed} />);
  const input = utils.container.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (...names: string[]) =>
    fireEvent.change(input, {
      target: { files: names.map((name) => new File(['cv'], name, { type: 'application/pdf' })) },
    });
  return { ...utils, closed, pick, user: userEvent.setup({ delay: null }) };
}

describe('RespondForm', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a response without a CV, sending nothing', async () => {
    const respond = vi.spyOn(api, 'respondToVacancy');
    const { user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'I led a shift for three years.');
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Attach your CV');
    expect(respond).not.toHaveBeenCalled();
  });

  it('uploads the CV as an attachment, sends the message with it and says it was sent', async () => {
    const send = vi.spyOn(upload, 'uploadFiles').mockImplementation(async (files, options) => {
      options?.onProgress?.(0.5);
      return files.map((file) => uploaded(file.name));
    });
    const respond = vi.spyOn(api, 'respondToVacancy').mockResolvedValue({ result: true, files: [] });
    const { user, pick } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '  I led a shift for three years.  ');
    pick('cv.pdf');
    expect(await screen.findByText('cv.pdf')).toBeTruthy();
    expect(send.mock.calls[0][1]).toMatchObject({ purpose: 'attachment' });
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    await waitFor(() =>
      expect(respond).toHaveBeenCalledWith({
        vacancy_id: vacancy._id,
        text: 'I led a shift for three years.',
        attachments: [uploaded('cv.pdf').file._id],
      }),
    );
    expect(await screen.findByText('Your response was sent')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
  });

  it('takes at most five files, and a file can be taken off again', async () => {
    vi.spyOn(upload, 'uploadFiles').mockImplementation(async (files) => files.map((file) => uploaded(file.name)));
    const { user, pick } = setup();
    pick('a.pdf', 'bb.pdf', 'ccc.pdf', 'dddd.pdf', 'eeeee.pdf', 'ffffff.pdf');
    expect((await screen.findByRole('alert')).textContent).toBe('At most 5 files');
    pick('a.pdf', 'bb.pdf');
    expect(await screen.findByText('bb.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    expect(screen.queryByText('a.pdf')).toBeNull();
  });

  it('shows the server’s refusal, and keeps the form', async () => {
    vi.spyOn(upload, 'uploadFiles').mockImplementation(async (files) => files.map((file) => uploaded(file.name)));
    vi.spyOn(api, 'respondToVacancy').mockRejectedValue(
      new ApiError(400, { message: 'Nobody receives responses to this vacancy yet', code: 'vacancy_no_receivers' }),
    );
    const { user, pick } = setup();
    pick('cv.pdf');
    await screen.findByText('cv.pdf');
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nobody receives responses to this vacancy yet');
    expect(screen.getByRole('button', { name: 'Send response' })).toBeTruthy();
  });
});
