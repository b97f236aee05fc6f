/** The 2D plans' addresses (the manifest's prefix `plan2d`), built in one place. */
export const PLAN2D_PREFIX = '/plan2d';

/** The district's sites, to choose one whose plans to open. */
export const plansHomeHref = () => PLAN2D_PREFIX;
/** A site's plans; `plan` opens one (else the first). */
export const sitePlansHref = (siteId: string, planId?: string) => `${PLAN2D_PREFIX}/site/${encodeURIComponent(siteId)}${planId ? `?plan=${encodeURIComponent(planId)}` : ''}`;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SitePlansSearch {
  plan?: string;
}
export function validateSitePlansSearch(raw: Record<string, unknown>): SitePlansSearch {
  return typeof raw.plan === 'string' && UUID.test(raw.plan) ? { plan: raw.plan } : {};
}
