/**
 * The managers' chart: actions opened and closed by week (oldest first), as inline SVG bars
 * (no chart library in the first screen's chunk). The drawing is hidden from assistive
 * technologies; its text equivalent is a table of the same figures, read aloud and hidden on
 * screen, named by the chart's caption.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';

export interface WeekFigures {
  /** The Monday the week starts (YYYY-MM-DD). */
  week: string;
  opened: number;
  closed: number;
}

/** The drawing's coordinates (viewBox units): one group of two bars per week. */
const HEIGHT = 100;
const LABEL = 16;
const GROUP = 40;
const BAR = 14;

export function WeeksChart({ weeks }: { weeks: readonly WeekFigures[] }) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const top = Math.max(1, ...weeks.map((w) => Math.max(w.opened, w.closed)));
  const barHeight = (value: number) => (value / top) * (HEIGHT - LABEL - 12);
  const width = weeks.length * GROUP;

  return (
    <figure className="dashboard-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>{t('dashboard.chart_title')}</figcaption>
      <p className="dashboard-legend" aria-hidden="true">
        <span className="dashboard-legend-opened">{t('dashboard.chart_opened')}</span>
        <span className="dashboard-legend-closed">{t('dashboard.chart_closed')}</span>
      </p>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true" focusable="false" data-testid="dashboard-chart-drawing">
        {weeks.map((w, index) => {
          const x = index * GROUP + (GROUP - 2 * BAR) / 2;
          const base = HEIGHT - LABEL;
          return (
            <g key={w.week}>
              <rect className="dashboard-bar-opened" x={x} y={base - barHeight(w.opened)} width={BAR} height={barHeight(w.opened)} />
              <rect className="dashboard-bar-closed" x={x + BAR} y={base - barHeight(w.closed)} width={BAR} height={barHeight(w.closed)} />
              <text x={index * GROUP + GROUP / 2} y={HEIGHT - 3} textAnchor="middle">
                {formatDay(w.week, i18n.language, { short: true })}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={width} y1={HEIGHT - LABEL} y2={HEIGHT - LABEL} className="dashboard-chart-axis" />
      </svg>
      <table className="visually-hidden" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.chart_week')}</th>
            <th scope="col">{t('dashboard.chart_opened')}</th>
            <th scope="col">{t('dashboard.chart_closed')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{formatDay(w.week, i18n.language)}</th>
              <td>{w.opened}</td>
              <td>{w.closed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
