import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTheme } from '@/components/theme/use-theme';

// Only what a bar chart needs: Chart.js is tree-shaken to these parts (see ADR on the admin charts).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface BarChartProps {
  /** What the chart shows, for people who cannot see it; the numbers are also in a table. */
  label: string;
  labels: readonly string[];
  values: readonly number[];
  /** Horizontal bars for a few long category names. */
  horizontal?: boolean;
}

/**
 * A bar chart on a canvas (Chart.js). The canvas is one image with a label; the same numbers are
 * in an accessible table beside it, so nothing depends on seeing the chart.
 */
export function BarChart({ label, labels, values, horizontal = false }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    if (!canvas.current) return;
    const dark = resolvedTheme === 'dark';
    const text = dark ? '#cbd5e1' : '#334155';
    const grid = dark ? '#334155' : '#e2e8f0';
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: [
          {
            label,
            data: [...values],
            backgroundColor: dark ? '#818cf8' : '#4f46e5',
            borderRadius: 4,
          },
        ],
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : undefined,
        plugins: { tooltip: { enabled: true } },
        scales: {
          x: { ticks: { color: text, maxRotation: 0, autoSkip: true }, grid: { color: grid } },
          y: { ticks: { color: text, precision: 0 }, grid: { color: grid }, beginAtZero: true },
        },
      },
    });
    return () => {
      chart.destroy();
    };
  }, [label, labels, values, horizontal, resolvedTheme]);

  return (
    <div className="relative h-64">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
