/**
 * The device's storage use and quota, shown before something large is kept on the device (a
 * folder of files, a whole 360° tour), so the user sees what it takes and what is left.
 */

/** Usage and quota in bytes (null where the browser does not say). */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.quota === undefined) return null;
    return { usage: estimate.usage ?? 0, quota: estimate.quota };
  } catch {
    return null;
  }
}
