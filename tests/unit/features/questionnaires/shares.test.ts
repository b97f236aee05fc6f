import { describe, expect, it } from 'vitest';
import { sharedReportPath } from '../../../../common/modules/questionnaires/schemas';
import { shareUrl } from '../../../../src/features/questionnaires/api/shares';

const TOKEN = `${'a'.repeat(22)}${'B-_'.repeat(14)}c`;

describe('a share link’s address', () => {
  it('is the server’s public path under the app’s origin', () => {
    expect(sharedReportPath(TOKEN)).toBe(`/api/shared/reports/${TOKEN}.pdf`);
    expect(shareUrl({ token: TOKEN, path: sharedReportPath(TOKEN) }, 'https://vigie.example.org')).toBe(`https://vigie.example.org/api/shared/reports/${TOKEN}.pdf`);
    // Without a path in the answer, the same address from the token.
    expect(shareUrl({ token: TOKEN, path: null }, 'http://localhost:8313')).toBe(`http://localhost:8313/api/shared/reports/${TOKEN}.pdf`);
  });

  it('is none for an answer without its token (an idempotent replay: the token is given once)', () => {
    expect(shareUrl({ token: null, path: null }, 'https://vigie.example.org')).toBeNull();
  });
});
