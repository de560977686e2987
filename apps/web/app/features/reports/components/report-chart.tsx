/**
 * One chart of 'Relatórios', drawn by Chart.js on a canvas. Only this screen imports it, and the
 * screen is loaded when Coordenação opens it, so no other page carries the library. The canvas is
 * an image with a short label; the table beside it (report-table.tsx) holds the figures for screen
 * readers and for copying.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type Scale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** The brand's colours (packages/content/brand.css), which a canvas cannot read from CSS. */
export const CHART_COLOURS = {
  blue: '#1f3a5f',
  green: '#3d6e55',
  gold: '#e0a526',
  sky: '#9fbfe0',
  error: '#b3261e',
} as const;

export interface ChartSeries {
  label: string;
  data: number[];
  colour: string;
}

export interface ReportChartProps {
  kind: 'bar' | 'line';
  /** What the chart shows, for a screen reader (the figures are in the table beside it). */
  label: string;
  labels: string[];
  series: ChartSeries[];
  /** Bars stacked (present and absent of one meeting). */
  stacked?: boolean;
  /** Bars across, for long names (one bar per class). */
  horizontal?: boolean;
}

export function ReportChart({
  kind,
  label,
  labels,
  series,
  stacked,
  horizontal,
}: ReportChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.data,
          backgroundColor: s.colour,
          borderColor: s.colour,
          tension: 0.2,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        // Drawn once: a coordinator on a phone reads it, nothing moves.
        animation: false,
        locale: 'pt-BR',
        plugins: { legend: { display: series.length > 1, position: 'bottom' } },
        scales: {
          x: { stacked: Boolean(stacked), ticks: { autoSkip: true, maxRotation: 0 } },
          y: {
            stacked: Boolean(stacked),
            beginAtZero: true,
            // A class's whole name is in the table beside; on a phone the bars keep their width.
            ticks: horizontal ? { callback: shortLabel } : { precision: 0 },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, series, stacked, horizontal]);
  const height = horizontal ? Math.max(200, labels.length * 28 + 60) : 260;
  return (
    <div className="reports__chart" style={{ height }} role="img" aria-label={label}>
      <canvas ref={canvas} />
    </div>
  );
}

/** A category's label cut to 24 characters, for an axis beside the bars. */
function shortLabel(this: Scale, value: number | string): string {
  const text = this.getLabelForValue(Number(value));
  return text.length > 24 ? `${text.slice(0, 23)}…` : text;
}
