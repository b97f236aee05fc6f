/**
 * The device's position, asked once (a site's form, the report form, the map's "locate me"),
 * with the reason when there is none: each screen words the problem in its own strings
 * (`…gps_${problem}`, `locate.${problem}`).
 */
export type GpsProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export interface DevicePosition {
  lat: number;
  lng: number;
  /** Metres, rounded. */
  accuracy: number;
}

const PROBLEMS: Record<number, GpsProblem> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

export function locateDevice(onPosition: (position: DevicePosition) => void, onProblem: (problem: GpsProblem) => void, maximumAge = 60_000): void {
  if (!('geolocation' in navigator)) {
    onProblem('unsupported');
    return;
  }
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => onPosition({ lat: coords.latitude, lng: coords.longitude, accuracy: Math.round(coords.accuracy) }),
    (error) => onProblem(PROBLEMS[error.code] ?? 'unavailable'),
    { enableHighAccuracy: true, timeout: 15_000, maximumAge },
  );
}
