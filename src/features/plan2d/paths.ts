/** The 2D plans' addresses (the manifest's prefix `plan2d`), built in one place. */
import { isUuid } from '../../../common/uuid';
export const PLAN2D_PREFIX = '/plan2d';

/** The district's sites, to choose one whose plans to open. */
export const plansHomeHref = () => PLAN2D_PREFIX;
/** A site's plans; `plan` opens one (else the first). */
export const sitePlansHref = (siteId: string, planId?: string) => `${PLAN2D_PREFIX}/site/${encodeURIComponent(siteId)}${planId ? `?plan=${encodeURIComponent(planId)}` : ''}`;


export interface SitePlansSearch {
  plan?: string;
}
export function validateSitePlansSearch(raw: Record<string, unknown>): SitePlansSearch {
  return typeof raw.plan === 'string' && isUuid(raw.plan) ? { plan: raw.plan } : {};
}
