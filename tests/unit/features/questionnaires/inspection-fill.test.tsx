/**
 * The filling screen as a field user meets it (the builder's preview: nothing written): a tap
 * redraws its answer and the scores, and a question of another section whose
 * condition names it appears or goes (each section redraws only when its own questions'
 * answers, visibility or failures change, so these must follow).
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Section } from '../../../../common/modules/questionnaires/schemas';
import { InspectionFill } from '../../../../src/features/questionnaires/components/InspectionFill';
import { newFill } from '../../../../src/features/questionnaires/fill';

const sections: Section[] = [
  {
    key: 'portes',
    title: 'Portes',
    questions: [
      { key: 'porte', type: 'yesNo', label: 'Porte fermée ?', required: true },
      { key: 'issue', type: 'yesNo', label: 'Issue dégagée ?', required: true },
    ],
  },
  {
    key: 'suite',
    title: 'Suite',
    questions: [
      { key: 'extincteur', type: 'yesNo', label: 'Extincteur présent ?', required: true },
      { key: 'pourquoi', type: 'text', label: 'Pourquoi la porte est-elle ouverte ?', required: false, showIf: { question: 'porte', op: 'is', values: ['no'] } },
    ],
  },
];

const question = (key: string) => document.getElementById(`question-${key}`)!;
const tap = (key: string, answer: 'Yes' | 'No') => act(async () => fireEvent.click(within(question(key)).getByRole('radio', { name: answer })));

describe('filling an inspection', () => {
  it('a tap redraws its answer and the scores; a question of another section follows its condition', async () => {
    const fill = newFill({ id: 'preview', templateId: 't', templateVersion: 1, template: { name: 'Ronde', sections, passMark: 50 }, siteName: null, startedAt: null, startPosition: null, answers: {} }, '');
    render(<InspectionFill preview initial={fill} onDevice onBack={() => undefined} onSubmitted={() => undefined} />);
    expect(await screen.findByText('Extincteur présent ?')).toBeInTheDocument();
    expect(screen.queryByText('Pourquoi la porte est-elle ouverte ?')).toBeNull();

    await tap('porte', 'No');
    expect(within(question('porte')).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(await screen.findByText('Pourquoi la porte est-elle ouverte ?')).toBeInTheDocument();
    const status = screen.getAllByRole('status')[0]!;
    expect(status).toHaveTextContent('Score: 0%');

    await tap('extincteur', 'Yes');
    expect(within(question('extincteur')).getByRole('radio', { name: 'Yes' })).toBeChecked();
    // The first section's answer is still drawn while the second one changes.
    expect(within(question('porte')).getByRole('radio', { name: 'No' })).toBeChecked();
    await screen.findByText('Score: 50%', { selector: '.inspection-status .inspection-score' });

    await tap('porte', 'Yes');
    expect(screen.queryByText('Pourquoi la porte est-elle ouverte ?')).toBeNull();
    await screen.findByText('Score: 100%', { selector: '.inspection-status .inspection-score' });
    expect(within(screen.getByRole('region', { name: /^Portes/ })).getByText('Score: 100%')).toBeInTheDocument();
  });
});
