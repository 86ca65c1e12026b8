import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AdminDashboard } from '@kezhan/contract/admin/dashboard';

const HEIGHT = 280;
const REVENUE_COLOR = '#0b5cad';
const ORDERS_COLOR = '#389e0d';

/**
 * Revenue (left axis, yuan) and paid orders (right axis) per bucket. uPlot draws on a canvas and
 * weighs about 20 KB gzipped; this module is loaded only when the dashboard shows a chart.
 */
export default function RevenueChart({ series }: { series: AdminDashboard['series'] }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const labels = series.map((point) => point.label);
    const options: uPlot.Options = {
      width: element.clientWidth || 600,
      height: HEIGHT,
      scales: { x: { time: false }, orders: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { values: (_u, ticks) => ticks.map((tick) => labels[tick] ?? '') },
        { label: '收入（元）', size: 64 },
        { scale: 'orders', side: 1, label: '订单数', grid: { show: false } },
      ],
      series: [
        { label: '时间', value: (_u, index) => (index === null ? '—' : (labels[index] ?? '—')) },
        { label: '收入（元）', stroke: REVENUE_COLOR, width: 2, fill: 'rgba(11, 92, 173, 0.08)' },
        { label: '支付订单', scale: 'orders', stroke: ORDERS_COLOR, width: 2 },
      ],
    };
    const data: uPlot.AlignedData = [
      series.map((_point, index) => index),
      series.map((point) => point.revenue),
      series.map((point) => point.paid_orders),
    ];
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series]);
  return <div ref={holder} role="figure" aria-label="收入与支付订单走势图" data-testid="revenue-chart" />;
}
