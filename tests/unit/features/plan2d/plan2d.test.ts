/**
 * The 2D plans' own logic on the device: the plan's frame in MapLibre (a plan point and its
 * longitude and latitude convert both ways exactly, the corners are the image's), the
 * registration of points on a new revision (common/modules/plan2d), the waiting writes laid over
 * the server's pins and zones, and which queued report is the one a tap on a plan waits for.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { metersPerPixel, registerPoint } from '../../../../common/modules/plan2d/schemas';
import { cornersOf, frameOf, fromLngLat, toLngLat } from '../../../../src/features/plan2d/frame';
import { WRITES } from '../../../../src/features/plan2d/api';
import { shownPlan } from '../../../../src/features/plan2d/overlay';
import { DECLARATION_CREATE, reportOfTap } from '../../../../src/lib/tap-report';

describe('the plan frame', () => {
  it('converts a plan point to a longitude and latitude and back, for any image shape', () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 20_000 }), fc.integer({ min: 50, max: 20_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (width, height, x, y) => {
        const frame = frameOf({ width, height });
        const [lng, lat] = toLngLat({ x, y }, frame);
        const back = fromLngLat(lng, lat, frame);
        expect(back.x).toBeCloseTo(x, 9);
        expect(back.y).toBeCloseTo(y, 9);
      }),
      { numRuns: 30 },
    );
  });

  it('lays the image north up, its aspect kept on the Mercator plane', () => {
    const frame = frameOf({ width: 1600, height: 1000 });
    const [topLeft, topRight, bottomRight, bottomLeft] = cornersOf(frame);
    expect(topLeft[1]).toBeGreaterThan(bottomLeft[1]);
    expect(topRight[0]).toBeGreaterThan(topLeft[0]);
    expect(bottomRight).toEqual([topRight[0], bottomLeft[1]]);
    expect(frame.sx / frame.sy).toBeCloseTo(1.6, 12);
  });
});

describe('revisions and scale', () => {
  it('moves a point by the similarity of two registered pairs and keeps it on the plan', () => {
    const old = { width: 1000, height: 500 };
    const next = { width: 2000, height: 1000 };
    const registration = { from: [{ x: 0, y: 0 }, { x: 1, y: 0 }], to: [{ x: 0.25, y: 0.25 }, { x: 0.75, y: 0.25 }] } as const;
    expect(registerPoint({ x: 0.5, y: 1 }, old, next, registration)).toEqual({ x: 0.5, y: 0.75 });
    // A quarter turn: the old right edge goes down.
    const turned = { from: [{ x: 0.5, y: 0.5 }, { x: 1, y: 0.5 }], to: [{ x: 0.5, y: 0.5 }, { x: 0.5, y: 1 }] } as const;
    const p = registerPoint({ x: 0.75, y: 0.5 }, { width: 100, height: 100 }, { width: 100, height: 100 }, turned);
    expect(p.x).toBeCloseTo(0.5, 12);
    expect(p.y).toBeCloseTo(0.75, 12);
    expect(registerPoint({ x: 1, y: 1 }, old, next, { from: registration.from, to: [{ x: 0, y: 0 }, { x: 2, y: 0 }] as never })).toEqual({ x: 1, y: 1 });
  });

  it('answers the metres per pixel of a calibrated plan', () => {
    expect(metersPerPixel({ width: 1600, height: 1000, calibration: { a: { x: 0, y: 0.5 }, b: { x: 0.5, y: 0.5 }, meters: 40 } })).toBeCloseTo(0.05, 12);
    expect(metersPerPixel({ width: 1600, height: 1000, calibration: null })).toBeNull();
  });
});

describe('the waiting writes on the plan', () => {
  const sheet = {
    pins: [{ id: 'p1', version: 2, planId: 'plan', kind: 'equipment' as const, recordId: 'e1', x: 0.1, y: 0.1, title: 'Extincteur' }],
    zones: [{ id: 'z1', version: 1, planId: 'plan', type: 'risk' as const, name: 'Stockage', colour: '#c62828', points: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }] }],
  };
  it('shows a reported pin and a moved one as waiting, hides removed ones, leaves other plans alone', () => {
    const shown = shownPlan(sheet, 'plan', [
      { kind: WRITES.declarationPin, recordId: 'p2', summary: { planId: 'plan', kind: 'declaration', recordId: 'd1', x: 0.4, y: 0.6, name: 'Fuite' } },
      { kind: WRITES.pinMove, recordId: 'p1', summary: { planId: 'plan', x: 0.2, y: 0.3 } },
      { kind: WRITES.zoneDelete, recordId: 'z1', summary: { planId: 'plan' } },
      { kind: WRITES.pinCreate, recordId: 'p3', summary: { planId: 'other', kind: 'action', recordId: 'a1', x: 0.5, y: 0.5 } },
    ]);
    expect(shown.pins).toEqual([
      { ...sheet.pins[0], x: 0.2, y: 0.3, pending: true },
      { id: 'p2', version: 1, kind: 'declaration', recordId: 'd1', x: 0.4, y: 0.6, title: 'Fuite', pending: true },
    ]);
    expect(shown.zones).toEqual([]);
  });
});

describe('a tap waiting for its report', () => {
  const tap = { siteId: 'site', at: { planId: 'plan', point: { x: 0.4, y: 0.6 } }, time: 1_000, owner: 'me' };
  it('takes the first declaration queued after the tap, nothing else', () => {
    const items = [
      { kind: DECLARATION_CREATE, recordId: 'before', createdAt: 900, key: 'k0' },
      { kind: 'declarations.comment', recordId: 'c', createdAt: 1_100, key: 'k1' },
      { kind: DECLARATION_CREATE, recordId: 'second', createdAt: 1_300, key: 'k3' },
      { kind: DECLARATION_CREATE, recordId: 'first', createdAt: 1_200, key: 'k2' },
    ];
    expect(reportOfTap(tap, items)).toEqual(items[3]);
    expect(reportOfTap(tap, items.slice(0, 2))).toBeNull();
  });
});
