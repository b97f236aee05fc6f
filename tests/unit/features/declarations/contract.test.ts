/**
 * The Declarations contract (common/modules/declarations/schemas.ts), before its routes and
 * screens: what it accepts and refuses is what the server will answer 400 to and what the
 * report form will say, so it is checked here on its own.
 */
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { DeclarationCreate, DeclarationListQuery, DeclarationUpdate, STATUS_TRANSITIONS, STATUSES, TemplateCreate } from '../../../../common/modules/declarations/schemas';

const ID = '0b7f3c1e-4d2a-4c8e-9f10-2a3b4c5d6e7f';
const report = {
  id: ID,
  templateId: ID,
  templateVersion: 2,
  capturedAt: '2026-11-24T06:00:00.000Z',
  siteId: null,
  position: { lat: 45.76, lng: 4.83, accuracy: 12, source: 'device' },
  occurredAt: '2026-11-24T05:40:00.000Z',
  severity: 'high',
  title: 'Fuite sous l’évier',
  description: '',
  values: { cause: 'Joint usé', photos_fuite: [ID], litres: 3, urgent: true },
  photos: [],
};

describe('the declarations contract', () => {
  it('takes a report made offline: client id, template revision, device time and position with accuracy', () => {
    expect(Value.Check(DeclarationCreate, report)).toBe(true);
    expect(Value.Check(DeclarationCreate, { ...report, position: { lat: 45.76, lng: 4.83, accuracy: null, source: 'pin' } })).toBe(true);
  });

  it('refuses what a form could not have sent: unknown fields, field keys or severities, an empty title', () => {
    expect(Value.Check(DeclarationCreate, { ...report, status: 'closed' })).toBe(false);
    expect(Value.Check(DeclarationCreate, { ...report, values: { 'Not a key': 'x' } })).toBe(false);
    expect(Value.Check(DeclarationCreate, { ...report, severity: 'huge' })).toBe(false);
    expect(Value.Check(DeclarationCreate, { ...report, title: '   ' })).toBe(false);
    expect(Value.Check(DeclarationCreate, { ...report, position: { lat: 95, lng: 4, accuracy: 5, source: 'device' } })).toBe(false);
  });

  it('describes a template by its fields, with options only where a choice needs them', () => {
    const template = { id: ID, name: 'Incident', icon: 'warning', defaultSeverity: 'high', notify: [ID], fields: [{ key: 'cause', label: 'Cause', kind: 'choice', required: true, options: ['Usure', 'Choc'] }] };
    expect(Value.Check(TemplateCreate, template)).toBe(true);
    expect(Value.Check(TemplateCreate, { ...template, fields: [{ key: 'cause', label: 'Cause', kind: 'barcode', required: true }] })).toBe(false);
    expect(Value.Check(TemplateCreate, { ...template, icon: 'unicorn' })).toBe(false);
  });

  it('edits with a base version and only the changed fields', () => {
    expect(Value.Check(DeclarationUpdate, { baseVersion: 3, changes: { assigneeId: ID, cause: 'Joint' } })).toBe(true);
    expect(Value.Check(DeclarationUpdate, { baseVersion: 3, changes: {} })).toBe(false);
    expect(Value.Check(DeclarationUpdate, { changes: { title: 'x' } })).toBe(false);
  });

  it('moves only forward through the workflow, and closed is final', () => {
    for (const [from, to] of Object.entries(STATUS_TRANSITIONS)) {
      for (const next of to) expect(STATUSES.indexOf(next)).toBeGreaterThan(STATUSES.indexOf(from as (typeof STATUSES)[number]));
    }
    expect(STATUS_TRANSITIONS.closed).toEqual([]);
  });

  it('filters the list by several values of one filter, comma-separated', () => {
    expect(Value.Check(DeclarationListQuery, { status: 'new,acknowledged', severity: 'high', from: '2026-01-01T00:00:00.000Z' })).toBe(true);
    expect(Value.Check(DeclarationListQuery, { status: '' })).toBe(false);
    expect(Value.Check(DeclarationListQuery, { mine: 'true' })).toBe(false);
  });
});
