/** The upload-only links' file types: what a link of some groups takes, by declared type or, without one, by extension. */
import { describe, expect, it } from 'vitest';
import { dsaAcceptAttribute, dsaAccepts } from '../../../../common/modules/dsa/schemas';

describe('the file types of an upload-only link', () => {
  it('takes a file of a chosen group by its declared type or its extension, and nothing else', () => {
    expect(dsaAccepts(['pdf'], 'application/pdf', 'Rapport.pdf')).toBe(true);
    // A browser that gives no type: the extension decides, whatever its case.
    expect(dsaAccepts(['pdf'], '', 'RAPPORT.PDF')).toBe(true);
    expect(dsaAccepts(['office'], 'application/octet-stream', 'Planning.xlsx')).toBe(true);
    expect(dsaAccepts(['pdf'], 'image/png', 'photo.png')).toBe(false);
    expect(dsaAccepts(['pdf', 'images'], 'image/png', 'photo.png')).toBe(true);
    // A page declared as HTML with a .pdf.html name is neither.
    expect(dsaAccepts(['pdf'], 'text/html', 'page.pdf.html')).toBe(false);
    expect(dsaAccepts(['zip'], 'application/x-zip-compressed', 'plans')).toBe(true);
    expect(dsaAccepts([], 'application/pdf', 'a.pdf')).toBe(false);
    expect(dsaAccepts(['unknown'], 'application/pdf', 'a.pdf')).toBe(false);
  });

  it('gives a file input the types and extensions of the chosen groups', () => {
    const accept = dsaAcceptAttribute(['pdf', 'zip']).split(',');
    expect(accept).toEqual(expect.arrayContaining(['application/pdf', '.pdf', 'application/zip', '.zip']));
    expect(accept).not.toContain('image/png');
  });
});
