/** A new item's photos become its create's attachments: one id each, the file itself, a type always declared. */
import { describe, expect, it } from 'vitest';
import { photoAttachments } from '../../../../src/features/inventory/catalog/components/forms';

describe('a new item’s photos', () => {
  it('are queued as the create’s attachments, each with its own id', () => {
    const photo = new File(['jpeg'], 'extincteur.jpg', { type: 'image/jpeg' });
    const bare = new File(['raw'], 'plaque');
    const attachments = photoAttachments([photo, bare]);
    expect(attachments.map((a) => [a.name, a.type, a.blob])).toEqual([
      ['extincteur.jpg', 'image/jpeg', photo],
      ['plaque', 'application/octet-stream', bare],
    ]);
    expect(new Set(attachments.map((a) => a.attachmentId)).size).toBe(2);
  });
});
