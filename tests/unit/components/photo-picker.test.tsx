/**
 * The photo picker and the attachment grid as a user meets them: two named 44 px buttons, the
 * picked photos handed over resized, a message for an unreadable one; thumbnails of pending
 * photos marked "waiting to be sent" with their progress, and those on the server fetched with
 * the session's token.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { AttachmentGrid } from '../../../src/components/AttachmentGrid';
import { PhotoPicker, type PickedPhoto } from '../../../src/components/PhotoPicker';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

const resized = (name: string): PickedPhoto => ({
  blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
  name,
  type: 'image/jpeg',
  width: 2000,
  height: 1500,
  takenAt: '2026-05-14T09:30:00.000Z',
  gps: { lat: 45.76, lng: 4.83 },
});

describe('PhotoPicker', () => {
  it('offers the camera and the gallery, and hands over the picked photos resized, with the device position', async () => {
    const onPicked = vi.fn();
    const resize = vi.fn(async (file: Blob, options?: { position?: { lat: number; lng: number } | null }) => ({ ...resized((file as File).name.replace(/\.\w+$/, '.jpg')), gps: options?.position ?? null }));
    render(<PhotoPicker onPicked={onPicked} resize={resize} getPosition={async () => ({ lat: 43.3, lng: 5.37 })} />);
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose from gallery' })).toBeInTheDocument();
    expect(screen.getByTestId('photo-picker-camera')).toHaveAttribute('capture', 'environment');

    const files = [new File(['a'], 'IMG_0001.HEIC.png', { type: 'image/png' }), new File(['b'], 'IMG_0002.jpg', { type: 'image/jpeg' })];
    await userEvent.upload(screen.getByTestId('photo-picker-gallery'), files);
    await waitFor(() => expect(onPicked).toHaveBeenCalledTimes(1));
    const photos = onPicked.mock.calls[0]![0] as PickedPhoto[];
    expect(photos.map((p) => p.name)).toEqual(['IMG_0001.HEIC.jpg', 'IMG_0002.jpg']);
    expect(photos[0]!.gps).toEqual({ lat: 43.3, lng: 5.37 });
    expect(resize).toHaveBeenCalledTimes(2);
  });

  it('says when an image cannot be read, and still hands over the others', async () => {
    const onPicked = vi.fn();
    const resize = vi.fn(async (file: Blob) => {
      if ((file as File).name === 'broken.jpg') throw new Error('decode');
      return resized('ok.jpg');
    });
    render(<PhotoPicker onPicked={onPicked} resize={resize} />);
    await userEvent.upload(screen.getByTestId('photo-picker-gallery'), [new File(['x'], 'broken.jpg', { type: 'image/jpeg' }), new File(['y'], 'ok.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByText('This image could not be read. Choose another one (JPEG, PNG or WebP).')).toBeInTheDocument();
    expect(onPicked).toHaveBeenCalledWith([expect.objectContaining({ name: 'ok.jpg' })]);
  });
});

describe('AttachmentGrid', () => {
  it('marks pending photos, shows the upload progress, and fetches the thumbnails on the server with the token', async () => {
    const token = seedSession();
    const seen: string[] = [];
    server.use(
      http.get('*/api/attachments/:id/thumbnail', ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '');
        return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { headers: { 'content-type': 'image/jpeg' } });
      }),
    );
    const created: string[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob.type);
      return `blob:${created.length}`;
    });
    // jsdom has no object URLs: these stand in, put back after the test.
    const originals = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, originals);
    });
    const onRemove = vi.fn();
    render(
      <AttachmentGrid
        onRemove={onRemove}
        items={[
          { id: 'a', name: 'Façade.jpg', state: 'waiting', blob: new Blob(['x'], { type: 'image/jpeg' }) },
          { id: 'b', name: 'Toiture.jpg', state: 'uploading', progress: 0.42, blob: new Blob(['y'], { type: 'image/jpeg' }) },
          { id: 'c', name: 'Entrée.jpg', state: 'sent', thumbnailUrl: '/api/attachments/c/thumbnail' },
        ]}
      />,
    );
    expect(screen.getByRole('list', { name: 'Photos and files' })).toBeInTheDocument();
    expect(screen.getByText('Waiting to be sent')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading: 42%' })).toHaveAttribute('aria-valuenow', '42');
    await waitFor(() => expect(seen).toEqual([`Bearer ${token}`]));
    await waitFor(() => expect(created).toHaveLength(3));
    // A photo on the server is not removed from here; a pending one is.
    expect(screen.queryByRole('button', { name: 'Remove Entrée.jpg' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Façade.jpg' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
  });
});
