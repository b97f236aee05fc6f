/**
 * The module's own navigation, under each of its top pages' titles: the parts the caller may
 * open (its inspections, everyone's, the schedules, the templates), the current one marked.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { questionnairePowers } from '../../../../common/modules/questionnaires/access';
import { useEnvelope } from '../../../lib/envelope-store';
import { inspectionsHref, MANAGE_PATH, SCHEDULES_PATH, TEMPLATES_PATH } from '../paths';

export type QuestionnairesPart = 'mine' | 'manage' | 'schedules' | 'templates';

export function QuestionnairesNav({ current }: { current: QuestionnairesPart }) {
  const { t } = useTranslation('questionnaires');
  const powers = questionnairePowers(useEnvelope((state) => state.rights));
  const parts: { part: QuestionnairesPart; href: string; shown: boolean }[] = [
    { part: 'mine', href: inspectionsHref(), shown: powers.fill.length > 0 },
    { part: 'manage', href: MANAGE_PATH, shown: powers.manage.length > 0 },
    { part: 'schedules', href: SCHEDULES_PATH, shown: powers.manage.length > 0 },
    { part: 'templates', href: TEMPLATES_PATH, shown: powers.readTemplates.length > 0 },
  ];
  const shown = parts.filter((p) => p.shown);
  // One part only: nothing to choose between.
  if (shown.length < 2) return null;
  return (
    <nav className="questionnaires-nav" aria-label={t('nav.label')}>
      {shown.map(({ part, href }) => (
        <Link key={part} to={href} aria-current={part === current ? 'page' : undefined} className={part === current ? 'active' : ''}>
          {t(`nav.${part}`)}
        </Link>
      ))}
    </nav>
  );
}
