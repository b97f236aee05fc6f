/**
 * axe as every browser test runs it: WCAG 2.0/2.1 A and AA rules, their experimental ones, and
 * best practices; the failure lists what broke (soft: a test reports every page it checked).
 */
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/**
 * One adjustment: axe's region rule accepts content inside a dialog, found by role, but Ionic
 * puts role=dialog (aria-modal, named by aria-label) on a wrapper in ion-modal's shadow root
 * and slots the content into it, so axe stops at the host and reports the whole dialog as
 * outside any landmark. ion-modal is added to the rule's dialog matcher (its default list kept).
 */
const AXE_SOURCE = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
axe.configure({ checks: [{ id: 'region', options: { regionMatcher: 'dialog, [role=dialog], [role=alertdialog], svg, ion-modal' } }] });`;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * axe leaves its "experimental" rules out even when asked for their WCAG tags, and two of them
 * test WCAG 2.1 A/AA success criteria the app must meet: label-content-name-mismatch (2.5.3,
 * the visible text of a control is part of its accessible name) among them. Each experimental
 * rule carrying one of the tags above is turned on by name.
 */
const EXPERIMENTAL_WCAG_RULES = Object.fromEntries(
  axe
    .getRules(WCAG_TAGS)
    .filter((rule) => rule.tags.includes('experimental'))
    .map((rule) => [rule.ruleId, { enabled: true }]),
);

/** No violation on the page (or within `include`, a selector), `where` naming it in the report. */
export async function expectNoViolations(page: Page, where = '', include?: string) {
  // Legacy mode: axe runs in the page in one call; the default mode runs it per frame and puts
  // the results together in a blank page of its own, one more page per check (the app has no
  // frame to look into).
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode(true)
    .withTags([...WCAG_TAGS, 'best-practice'])
    .options({ rules: EXPERIMENTAL_WCAG_RULES });
  if (include !== undefined) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect.soft(violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(', ')}`), where).toEqual([]);
}
