import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import type { ElementsAvailabilityData, FunctionalityElementPositionData, FunctionalityElementsData } from '../../common/functionalities.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const post = (call: string, token: string, payload?: unknown) =>
  server.app.inject({ method: 'POST', url: `/api/functionalities/${call}`, headers: bearer(token), payload: payload as object });

async function data<T>(call: string, token: string, payload: unknown): Promise<T> {
  const response = await post(call, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<T>>().data;
}

describe('functionalities of the session district', () => {
  it('lists a feature’s elements in order with what this member can open', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const sites = await data<FunctionalityElementsData>('getFunctionalityElements', field.token, { feature: 'sites' });
    expect(sites).toEqual({
      feature: 'sites',
      enabled: true,
      modulePosition: 1,
      elements: [
        { element: 'siteInfo', position: 0, available: true },
        { element: 'stages360', position: 1, available: true },
        // Emergency alerts need opteamum.admin, which a field user lacks.
        { element: 'emergencyAlert', position: 2, available: false },
      ],
    });
    const operator = await login(server, 'operator@demo.vigie.test');
    const all = await data<FunctionalityElementsData>('getFunctionalityElements', operator.token, { feature: 'sites' });
    expect(all.elements.every((e) => e.available)).toBe(true);
  });

  it('answers which of the asked elements are available, in the order asked', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const answer = await data<ElementsAvailabilityData>('isElementsOfFeatureAvailable', field.token, {
      feature: 'cartography',
      elements: ['incidents', 'map', 'noSuchElement'],
    });
    expect(answer).toEqual({
      feature: 'cartography',
      enabled: true,
      elements: [
        { element: 'incidents', available: false },
        { element: 'map', available: true },
        { element: 'noSuchElement', available: false },
      ],
    });
  });

  it('gives an element’s position in the module and among the available elements', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const position = await data<FunctionalityElementPositionData>('getFunctionalityElementPosition', field.token, {
      feature: 'notifications',
      element: 'workflowNotifications',
    });
    expect(position).toEqual({
      feature: 'notifications',
      element: 'workflowNotifications',
      position: 1,
      available: true,
      modulePosition: 5,
      availablePosition: 1,
    });
    const locked = await data<FunctionalityElementPositionData>('getFunctionalityElementPosition', field.token, {
      feature: 'sites',
      element: 'emergencyAlert',
    });
    expect(locked).toMatchObject({ position: 2, available: false, availablePosition: null });
  });

  it('reads the district’s modules: a module the district lacks has nothing available', async () => {
    const districtAdmin = await login(server, 'district-admin@demo.vigie.test');
    const db = await server.databases.client('acme');
    await db.query('delete from district_modules where district_id = $1 and name = $2', [districtAdmin.session.district._id, 'declarations']);
    const elements = await data<FunctionalityElementsData>('getFunctionalityElements', districtAdmin.token, { feature: 'declarations' });
    expect(elements).toMatchObject({ enabled: false, modulePosition: null, elements: [{ element: 'declarations', available: false }] });
    const asked = await data<ElementsAvailabilityData>('isElementsOfFeatureAvailable', districtAdmin.token, {
      feature: 'declarations',
      elements: ['declarations'],
    });
    expect(asked.elements).toEqual([{ element: 'declarations', available: false }]);
  });

  it('refuses unknown features and elements with a 404, bad bodies with a 400, and callers without a session', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const unknownFeature = await post('getFunctionalityElements', field.token, { feature: 'stock' });
    expect(unknownFeature.statusCode).toBe(404);
    expect(unknownFeature.json().message).toBe('functionalities.unknown_feature');
    const unknownElement = await post('getFunctionalityElementPosition', field.token, { feature: 'sites', element: 'nope' });
    expect(unknownElement.statusCode).toBe(404);
    expect(unknownElement.json().message).toBe('functionalities.unknown_element');
    for (const body of [{}, { feature: '' }, { feature: 'sites', extra: 1 }, { feature: 3 }]) {
      const bad = await post('getFunctionalityElements', field.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooMany = await post('isElementsOfFeatureAvailable', field.token, { feature: 'sites', elements: Array.from({ length: 101 }, (_, i) => `e${i}`) });
    expect(tooMany.statusCode).toBe(400);
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/functionalities/getFunctionalityElements', payload: { feature: 'sites' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
