/**
 * A site's plans on its sheet (a record panel of the host `sites`): each plan by level, with its
 * pins' count, opening the plan; a manager without plans yet is told where to add one.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { sitePlansQuery } from '../api';
import { sitePlansHref } from '../paths';
import './plan2d.css';

export function SitePlansPanel({ recordId }: { recordId: string }) {
  const { t } = useTranslation('plan2d');
  const plans = useQuery(sitePlansQuery(recordId));
  return (
    <section className="plan2d-panel" aria-labelledby="plan2d-panel-title">
      <h2 id="plan2d-panel-title" className="plan2d-side-title">
        {t('panel.title')}
      </h2>
      {plans.data?.length === 0 && <p>{t('panel.none')}</p>}
      <ul className="plan2d-site-list">
        {(plans.data ?? []).map((plan) => (
          <li key={plan.id}>
            <Link to={sitePlansHref(recordId, plan.id)} className="plan2d-site-link">
              <strong>{plan.level ? `${plan.level} — ${plan.name}` : plan.name}</strong>
              <span>{t('panel.pins', { count: plan.pins, revision: plan.revision })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={sitePlansHref(recordId)} className="plan2d-link">
        {t('panel.open')}
      </Link>
    </section>
  );
}
