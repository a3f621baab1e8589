import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderUi } from '../../test/render';
import type { CropEngine } from './engine';
import { fitsPurpose, type Rect, type Size } from './geometry';
import { ImageCropModal, type ImageCropModalProps } from './ImageCropModal';

/** The bytes of a PNG's signature and IHDR chunk: enough for a reader of its pixel size. */
function pngFile(name: string, width: number, height: number): File {
  const bytes = new Uint8Array(24);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}

/**
 * Measures the chosen file from its PNG header (as a browser would after decoding it) and records what it is asked
 * to draw instead of painting a canvas, which happy-dom has not got.
 */
function recordingEngine(file: File, options: { broken?: boolean } = {}) {
  const drawn: { source: Rect; target: Size; type: string }[] = [];
  const engine: CropEngine = {
    async measure() {
      if (options.broken) throw new Error('not an image');
      const view = new DataView(await file.arrayBuffer());
      if (view.getUint32(12) !== 0x49484452) throw new Error('not an image');
      return { width: view.getUint32(16), height: view.getUint32(20) };
    },
    async draw(_src, source, target, type) {
      drawn.push({ source, target, type });
      return new Blob([`${target.width}x${target.height}`], { type });
    },
  };
  return { engine, drawn };
}

function open(props: Partial<ImageCropModalProps> & Pick<ImageCropModalProps, 'file' | 'engine'>) {
  const onCropped = props.onCropped ?? vi.fn();
  const onClose = props.onClose ?? vi.fn();
  renderUi(<ImageCropModal purpose="cover" {...props} onCropped={onCropped} onClose={onClose} />);
  return { onCropped, onClose };
}

const applyButton = () => screen.getByRole('button', { name: 'Apply' });

describe('ImageCropModal', () => {
  it('makes a 3420 × 570 cover from a 1200 × 900 photo by default', async () => {
    const photo = pngFile('holiday.png', 1200, 900);
    const { engine, drawn } = recordingEngine(photo);
    const { onCropped } = open({ file: photo, engine });
    expect(screen.getByRole('dialog', { name: 'Crop the cover' })).toBeTruthy();
    await waitFor(() => expect(applyButton().hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('The result is 3420 × 570 px.')).toBeTruthy();
    await act(async () => fireEvent.click(applyButton()));
    expect(drawn).toEqual([
      { source: { x: 0, y: 350, width: 1200, height: 200 }, target: { width: 3420, height: 570 }, type: 'image/jpeg' },
    ]);
    expect(fitsPurpose('cover', drawn[0].target)).toBe(true);
    const file = (onCropped as ReturnType<typeof vi.fn>).mock.calls[0][0] as File;
    expect(file.name).toBe('holiday.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(await file.text()).toBe('3420x570');
  });

  it('lets the person choose a narrower band, and the output follows it', async () => {
    const photo = pngFile('hills.png', 1200, 900);
    const { engine, drawn } = recordingEngine(photo);
    open({ file: photo, engine });
    await waitFor(() => expect(applyButton().hasAttribute('disabled')).toBe(false));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: '3420 × 285' }));
    expect(screen.getByText('The result is 3420 × 285 px.')).toBeTruthy();
    await user.click(applyButton());
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0].target).toEqual({ width: 3420, height: 285 });
    expect(drawn[0].source).toEqual({ x: 0, y: 400, width: 1200, height: 100 });
  });

  it('crops an avatar square, with no shape to choose', async () => {
    const photo = pngFile('me.png', 1200, 900);
    const { engine, drawn } = recordingEngine(photo);
    open({ file: photo, engine, purpose: 'avatar' });
    expect(screen.getByRole('dialog', { name: 'Crop the photo' })).toBeTruthy();
    await waitFor(() => expect(applyButton().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('radio')).toBeNull();
    await act(async () => fireEvent.click(applyButton()));
    expect(drawn[0]).toMatchObject({
      source: { x: 150, y: 0, width: 900, height: 900 },
      target: { width: 512, height: 512 },
    });
  });

  it('zooms with the keyboard on the slider', async () => {
    const photo = pngFile('desk.png', 1200, 900);
    const { engine } = recordingEngine(photo);
    open({ file: photo, engine });
    await waitFor(() => expect(applyButton().hasAttribute('disabled')).toBe(false));
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(zoom.getAttribute('aria-valuenow')).toBe('1');
    zoom.focus();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(zoom.getAttribute('aria-valuenow')).toBe('1.1');
    expect(screen.getByRole('group', { name: /Part of the picture to keep/ })).toBeTruthy();
  });

  it('says when the file is not a picture, and offers nothing to apply', async () => {
    const file = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });
    const { engine, drawn } = recordingEngine(file, { broken: true });
    open({ file, engine });
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not a picture the browser can open.');
    expect(applyButton().hasAttribute('disabled')).toBe(true);
    expect(drawn).toHaveLength(0);
  });

  it('stays open with the reason when the upload after it fails', async () => {
    const photo = pngFile('big.png', 4000, 3000);
    const { engine } = recordingEngine(photo);
    const onClose = vi.fn();
    const onCropped = vi.fn(async () => {
      throw new ApiError(400, { message: 'Wrong image size', code: 'wrong_image_size' });
    });
    open({ file: photo, engine, onCropped, onClose });
    await waitFor(() => expect(applyButton().hasAttribute('disabled')).toBe(false));
    await act(async () => fireEvent.click(applyButton()));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong image size');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancels without drawing anything', async () => {
    const photo = pngFile('x.png', 800, 600);
    const { engine, drawn } = recordingEngine(photo);
    const { onClose, onCropped } = open({ file: photo, engine });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onCropped).not.toHaveBeenCalled();
    expect(drawn).toHaveLength(0);
  });
});
