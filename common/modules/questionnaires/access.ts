/**
 * What a member may do in the Questionnaires module, per family, from `can()` (common/rights.ts)
 * and the manifest's four features: fill its own inspections (the family's read right), plan
 * them for others and see everyone's (its manage right), see the templates (the template read
 * right, or filling the family: a filler reads the revision it fills), build them (the template
 * manage right). The server's repository and the app's screens ask the same.
 */
import { can, type Feature } from '../../rights';
import { FAMILIES, type Family } from './schemas';

/** Each family's features: its inspections and its templates. */
export const FAMILY_FEATURES: Readonly<Record<Family, { inspections: Feature; templates: Feature }>> = {
  questionnary: { inspections: 'questionnaires', templates: 'questionnaireTemplates' },
  securesphere: { inspections: 'securesphere', templates: 'securesphereTemplates' },
};

export interface QuestionnairePowers {
  /** Families whose inspections the member fills (its own). */
  fill: readonly Family[];
  /** Families whose inspections it plans for anyone and sees all of. */
  manage: readonly Family[];
  /** Families whose templates it sees. */
  readTemplates: readonly Family[];
  /** Families whose templates it builds. */
  buildTemplates: readonly Family[];
}

export function questionnairePowers(rights: readonly string[]): QuestionnairePowers {
  const where = (test: (family: Family) => boolean) => FAMILIES.filter(test);
  const fill = where((f) => can(rights, FAMILY_FEATURES[f].inspections, 'read'));
  return {
    fill,
    manage: where((f) => can(rights, FAMILY_FEATURES[f].inspections, 'manage')),
    readTemplates: where((f) => fill.includes(f) || can(rights, FAMILY_FEATURES[f].templates, 'read')),
    buildTemplates: where((f) => can(rights, FAMILY_FEATURES[f].templates, 'manage')),
  };
}
