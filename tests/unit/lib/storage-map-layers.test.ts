import { beforeEach, describe, expect, it } from 'vitest';
import { clearSessionStorageKeys, getMapLayerSwitches, LOCAL_KEYS, setMapLayerSwitches } from '../../../src/lib/storage';

describe("the map's layer switches on the device", () => {
  beforeEach(() => localStorage.clear());

  it("keeps each user's own switches, across a logout", () => {
    setMapLayerSwitches('alice|db|d1', { sites: false });
    setMapLayerSwitches('bob|db|d1', { incidents: false });
    clearSessionStorageKeys();
    expect(getMapLayerSwitches('alice|db|d1')).toEqual({ sites: false });
    expect(getMapLayerSwitches('bob|db|d1')).toEqual({ incidents: false });
    expect(getMapLayerSwitches('carol|db|d1')).toEqual({});
  });

  it('reads an unreadable value as no switch at all', () => {
    localStorage.setItem(LOCAL_KEYS.mapLayers, '{not json');
    expect(getMapLayerSwitches('alice|db|d1')).toEqual({});
    localStorage.setItem(LOCAL_KEYS.mapLayers, JSON.stringify({ 'alice|db|d1': { sites: 'no', incidents: true } }));
    expect(getMapLayerSwitches('alice|db|d1')).toEqual({ incidents: true });
  });
});
