import { MB } from '@hallway/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../api/storage';
import { renderUi } from '../test/render';
import { FileUpload } from './FileUpload';

/** A stand-in for XMLHttpRequest that the test drives: progress events, then the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static count = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
    FakeXhr.count += 1;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const pick = (file: File) => fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file] } });
const sized = (name: string, size: number) => {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const progressbar = () => screen.queryByRole('progressbar', { name: 'Upload progress' });

describe('FileUpload', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    FakeXhr.count = 0;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows 0 at the start, the rounded percent, and hides 1.5 s after completion', async () => {
    authStore.signIn('token-1', { _id: 'u1' } as never);
    const uploaded = vi.fn();
    renderUi(<FileUpload onUploaded={uploaded} />);
    pick(new File(['hello'], 'hello.txt', { type: 'text/plain' }));

    expect(progressbar()?.getAttribute('aria-valuenow')).toBe('0');
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload?purpose=general');
    expect(xhr.headers.Authorization).toBe('Bearer token-1');
    expect((xhr.body!.get('file') as File).name).toBe('hello.txt');

    act(() => xhr.progress(5, 12));
    expect(progressbar()?.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();

    const result = { file: { _id: 'f1' }, thumb: null, url: '/api/files/f1', fileName: 'hello.txt' };
    await act(async () => xhr.answer(200, { results: [result] }));
    expect(uploaded).toHaveBeenCalledWith([result]);
    expect(progressbar()?.getAttribute('aria-valuenow')).toBe('100');

    act(() => vi.advanceTimersByTime(1499));
    expect(progressbar()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(progressbar()).toBeNull();
  });

  it('refuses files over 250 MB before sending anything', () => {
    renderUi(<FileUpload onUploaded={() => {}} />);
    pick(sized('film.mov', 250 * MB + 1));
    expect(screen.getByRole('alert').textContent).toBe('Error: file size too big');
    expect(FakeXhr.count).toBe(0);
    expect(progressbar()).toBeNull();
  });

  it('refuses attachments over 20 MB before sending anything', () => {
    renderUi(<FileUpload purpose="attachment" onUploaded={() => {}} />);
    pick(sized('scan.pdf', 21 * MB));
    expect(screen.getByRole('alert').textContent).toBe('Files above 20 MB cannot be attached');
    expect(FakeXhr.count).toBe(0);
  });

  it.each([
    ['NoSuchBucket', { bucket: 'hallway-files' }, 'Uploading error: no bucket hallway-files'],
    ['accountDisabled', {}, 'Uploading error: account blocked'],
    ['ECONNREFUSED', {}, 'Uploading error: server refused connection'],
  ])('maps the failure reason %s', async (reason, params, text) => {
    renderUi(<FileUpload onUploaded={() => {}} />);
    pick(new File(['x'], 'a.txt'));
    await act(async () =>
      FakeXhr.last!.answer(502, { message: 'Uploading error', code: 'upload_error', reason, params }),
    );
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(progressbar()).toBeNull();
  });

  it('shows the server refusal in the person language by its code', async () => {
    renderUi(<FileUpload onUploaded={() => {}} />);
    pick(new File(['x'], 'a.txt'));
    await act(async () =>
      FakeXhr.last!.answer(413, {
        message: 'Storage limit reached (1 GB)! Available 0 B',
        code: 'storage_limit',
        params: { size: '1 GB', available: '0 B' },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('Storage limit reached (1 GB)! Available 0 B');
  });
});
