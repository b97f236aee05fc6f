/**
 * The register as the site's phone shows it before the server answers: a queued sign-in read as
 * a presence (the worker's name and company from the device's lists, a visitor's name as typed),
 * a badge's code read back as its worker, a qualification's state on a day, the expired
 * qualifications of an intervention's workers warned on the device.
 */
import { describe, expect, it } from 'vitest';
import { badgeCode, qualificationState, workerIdOfCode, type Worker } from '../../../../common/modules/thirdParty/companies';
import { pendingPresence, SIGN_IN, SIGN_OUT } from '../../../../src/features/thirdParty/companies/kinds';
import { expiredOnDays } from '../../../../src/features/thirdParty/companies/components/shared';

const worker = {
  id: '11111111-1111-4111-8111-111111111111',
  companyId: '22222222-2222-4222-8222-222222222222',
  companyName: 'Elec Services Rhône',
  name: 'Lucas Fontaine',
  qualifications: [
    { name: 'Habilitation électrique B1V', expiresOn: '2026-03-01' },
    { name: 'SST', expiresOn: null },
  ],
} as unknown as Worker;
const site = { id: '33333333-3333-4333-8333-333333333333', name: 'Siège' };

describe('a queued sign-in', () => {
  it('reads as a presence of the worker, named from the device’s lists', () => {
    const payload = { id: 'p1', siteId: site.id, workerId: worker.id, visitorName: '', signedInAt: '2026-03-02T08:00:00.000Z' };
    expect(pendingPresence({ item: { kind: SIGN_IN, recordId: 'p1', state: 'queued' }, payload }, { sites: [site] }, [worker])).toMatchObject({
      id: 'p1',
      siteName: 'Siège',
      name: 'Lucas Fontaine',
      companyName: 'Elec Services Rhône',
      signedOutAt: null,
    });
  });

  it('reads as a visitor by name, and a sign-out is no presence', () => {
    const payload = { id: 'p2', siteId: site.id, workerId: null, visitorName: 'Livreur', signedInAt: '2026-03-02T08:00:00.000Z' };
    expect(pendingPresence({ item: { kind: SIGN_IN, recordId: 'p2', state: 'queued' }, payload }, { sites: [site] }, [])).toMatchObject({ name: 'Livreur', companyId: null });
    expect(pendingPresence({ item: { kind: SIGN_OUT, recordId: 'p2', state: 'queued' }, payload }, { sites: [site] }, [])).toBeNull();
  });
});

describe('badges and qualifications', () => {
  it('reads a badge’s code back as its worker', () => {
    expect(workerIdOfCode(badgeCode(worker.id))).toBe(worker.id);
    expect(workerIdOfCode('not a badge')).toBeNull();
  });

  it('warns of a qualification expiring before the intervention ends', () => {
    expect(qualificationState('2026-03-01', '2026-03-02')).toBe('expired');
    expect(expiredOnDays({ endsOn: '2026-03-05', workerIds: [worker.id] }, [worker])).toEqual([{ worker: 'Lucas Fontaine', qualification: 'Habilitation électrique B1V', expiresOn: '2026-03-01' }]);
    expect(expiredOnDays({ endsOn: '2026-02-28', workerIds: [worker.id] }, [worker])).toEqual([]);
  });
});
