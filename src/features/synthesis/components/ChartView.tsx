/**
 * A computed table drawn with Chart.js: bars (stacked by the second field), a line over time,
 * a pie or a doughnut, or a single number with its trend (the last month against the one
 * before when grouped by month). The canvas is described by a text alternative (the figures).
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartType, SynthesisResult } from '../../../../common/modules/synthesis/schemas';
import { formatValue, keyLabel, measureLabel } from '../labels';

Chart.register(ArcElement, BarController, BarElement, CategoryScale, DoughnutController, Legend, LinearScale, LineController, LineElement, PieController, PointElement, Tooltip);

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563', '#65a30d', '#9333ea'];
/** Fixed values in their usual colours (a severity from green to red). */
const VALUE_COLORS: Readonly<Record<string, string>> = { low: '#16a34a', medium: '#d97706', high: '#ea580c', critical: '#b91c1c' };

export interface ChartHandle {
  /** The chart as a PNG data URL (null: nothing drawn). */
  png: () => string | null;
}

export const ChartView = forwardRef<ChartHandle, { result: SynthesisResult; chart: Exclude<ChartType, 'table' | 'number'>; label: string }>(function ChartView({ result, chart, label }, ref) {
  const { t, i18n } = useTranslation('synthesis');
  const canvas = useRef<HTMLCanvasElement>(null);
  const instance = useRef<Chart | null>(null);
  useImperativeHandle(ref, () => ({ png: () => instance.current?.toBase64Image('image/png', 1) ?? null }), []);

  useEffect(() => {
    if (canvas.current === null) return;
    const language = i18n.language;
    const first = result.groupBy[0];
    const second = result.groupBy[1];
    const labels: string[] = [];
    const keys: string[] = [];
    for (const row of result.rows) {
      const key = row.keys[0]?.value ?? '';
      if (!keys.includes(key)) {
        keys.push(key);
        labels.push(first === undefined ? '' : keyLabel(t, language, first, row.keys[0]!));
      }
    }
    let datasets: ChartConfiguration['data']['datasets'];
    if (second !== undefined) {
      const series = new Map<string, { label: string; data: number[] }>();
      for (const row of result.rows) {
        const k2 = row.keys[1]!;
        const entry = series.get(k2.value) ?? { label: keyLabel(t, language, second, k2), data: keys.map(() => 0) };
        entry.data[keys.indexOf(row.keys[0]?.value ?? '')] = row.values[0] ?? 0;
        series.set(k2.value, entry);
      }
      datasets = [...series.entries()].map(([value, s], i) => ({ label: s.label, data: s.data, backgroundColor: VALUE_COLORS[value] ?? COLORS[i % COLORS.length], borderColor: VALUE_COLORS[value] ?? COLORS[i % COLORS.length] }));
    } else {
      datasets = result.measures.map((measure, m) => ({
        label: measureLabel(t, result.source, measure),
        data: result.rows.map((row) => row.values[m] ?? 0),
        backgroundColor: chart === 'pie' || chart === 'doughnut' ? result.rows.map((row, i) => VALUE_COLORS[row.keys[0]?.value ?? ''] ?? COLORS[i % COLORS.length]!) : COLORS[m % COLORS.length],
        borderColor: COLORS[m % COLORS.length],
      }));
    }
    const stacked = chart === 'stackedBar';
    const type = chart === 'stackedBar' ? 'bar' : chart;
    const round = chart === 'pie' || chart === 'doughnut';
    instance.current?.destroy();
    instance.current = new Chart(canvas.current, {
      type,
      data: { labels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: round || second !== undefined || result.measures.length > 1, position: 'bottom' } },
        ...(round ? {} : { scales: { x: { stacked }, y: { stacked, beginAtZero: true } } }),
      },
    });
    return () => {
      instance.current?.destroy();
      instance.current = null;
    };
  }, [result, chart, t, i18n.language]);

  const summary = result.rows
    .slice(0, 30)
    .map((row) => `${row.keys.map((k, i) => keyLabel(t, i18n.language, result.groupBy[i]!, k)).join(', ')}: ${formatValue(i18n.language, undefined, row.values[0] ?? null)}`)
    .join('; ');
  return (
    <div className="synthesis-chart">
      <canvas ref={canvas} role="img" aria-label={`${label}. ${summary}`} />
    </div>
  );
});
