/**
 * The site form's state and its check: the contract's SiteFields schema (the server's own
 * rules: a name that is not blank, lengths, a GPS point within range) plus what only a form
 * has: latitude and longitude typed as text, both or neither.
 */
import { SiteFields, type Site } from '../../../common/modules/sites/schemas';
import { schemaProblems, type Problems } from '../../components/module/validation';

export interface SiteFormState {
  name: string;
  description: string;
  address: string;
  ownerName: string;
  siteTypeId: string;
  lat: string;
  lng: string;
}

export const emptySiteForm = (): SiteFormState => ({ name: '', description: '', address: '', ownerName: '', siteTypeId: '', lat: '', lng: '' });

export const siteFormOf = (site: Site): SiteFormState => ({
  name: site.name,
  description: site.description,
  address: site.address,
  ownerName: site.ownerName,
  siteTypeId: site.siteTypeId ?? '',
  lat: site.gps === null ? '' : String(site.gps.lat),
  lng: site.gps === null ? '' : String(site.gps.lng),
});

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

export function siteFieldsOf(state: SiteFormState): SiteFields {
  const bothEmpty = state.lat.trim() === '' && state.lng.trim() === '';
  return {
    name: state.name.trim(),
    description: state.description.trim(),
    address: state.address.trim(),
    ownerName: state.ownerName.trim(),
    siteTypeId: state.siteTypeId === '' ? null : state.siteTypeId,
    gps: bothEmpty ? null : { lat: number(state.lat), lng: number(state.lng) },
  };
}

export function checkSiteForm(state: SiteFormState): Problems {
  const problems = schemaProblems(SiteFields, siteFieldsOf(state));
  // Rename the schema's gps.* paths to the form's fields, and say what a NaN means.
  const out: Problems = {};
  for (const [path, problem] of Object.entries(problems)) {
    if (path === 'gps.lat') out.lat = problem;
    else if (path === 'gps.lng') out.lng = problem;
    else if (path !== 'gps') out[path] = problem;
  }
  const bothEmpty = state.lat.trim() === '' && state.lng.trim() === '';
  if (!bothEmpty) {
    for (const key of ['lat', 'lng'] as const) {
      if (state[key].trim() === '') out[key] = { key: 'module.error.required' };
      else if (Number.isNaN(number(state[key]))) out[key] = { key: 'module.error.invalid' };
    }
  }
  return out;
}
