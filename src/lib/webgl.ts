/** Whether this device can draw with WebGL (the 360° viewer, the map): without it they say so instead. */
export function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) !== null;
  } catch {
    return false;
  }
}
