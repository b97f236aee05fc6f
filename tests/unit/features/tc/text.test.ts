import { describe, expect, it } from 'vitest';
import { parseInline, parseTcText } from '../../../../src/features/tc/text';

describe('the terms text', () => {
  it('reads headings, paragraphs, lists and bold runs', () => {
    const blocks = parseTcText('# Titre\n\n## 1. Objet\nLigne une\nligne **deux**\n\n- un\n- **deux** trois\nFin');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Titre' },
      { kind: 'heading', level: 2, text: '1. Objet' },
      { kind: 'paragraph', lines: [[{ text: 'Ligne une', bold: false }], [{ text: 'ligne ', bold: false }, { text: 'deux', bold: true }]] },
      { kind: 'list', items: [[{ text: 'un', bold: false }], [{ text: 'deux', bold: true }, { text: ' trois', bold: false }]] },
      { kind: 'paragraph', lines: [[{ text: 'Fin', bold: false }]] },
    ]);
  });

  it('keeps markup as text and an unclosed bold mark as it is', () => {
    expect(parseTcText('<script>alert(1)</script>')).toEqual([{ kind: 'paragraph', lines: [[{ text: '<script>alert(1)</script>', bold: false }]] }]);
    expect(parseInline('a ** b')).toEqual([{ text: 'a ** b', bold: false }]);
    expect(parseTcText('\r\n\r\n')).toEqual([]);
  });
});
