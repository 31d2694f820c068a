/**
 * React wrapper around uPlot: sizes the chart to its container's width (ResizeObserver) at a
 * given height, re-creates it when the options change and only swaps the data when the data
 * changes. Pass memoised options. `label` is the canvas's text alternative (an image to
 * assistive technology): say what it shows and its main numbers. Import this file lazily from chart screens: uPlot stays out of
 * the main bundle.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UplotChartProps {
  /** uPlot options without width and height (memoise them: a new object re-creates the chart). */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  /** Height in CSS pixels of plot and axes. */
  height: number;
  /** Text alternative of the drawing: what it shows and its main numbers. */
  label: string;
  className?: string;
  /** Called with the chart after each creation (for plugins or tests). */
  onCreate?: (chart: uPlot) => void;
}

export function UplotChart({ options, data, height, label, className, onCreate }: UplotChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  // The latest props for a re-created chart, kept after each render (before the effects below run).
  const latest = useRef({ data, label, onCreate });
  useLayoutEffect(() => {
    latest.current = { data, label, onCreate };
  });

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const width = Math.max(box.clientWidth, 200);
    const chart = new uPlot({ ...options, width, height }, latest.current.data, box);
    chartRef.current = chart;
    chart.ctx.canvas.setAttribute('role', 'img');
    chart.ctx.canvas.setAttribute('aria-label', latest.current.label);
    latest.current.onCreate?.(chart);
    const ro = new ResizeObserver(() => {
      const w = Math.max(box.clientWidth, 200);
      if (w !== chart.width) chart.setSize({ width: w, height });
    });
    ro.observe(box);
    return () => {
      ro.disconnect();
      chart.destroy();
      chartRef.current = null;
    };
  }, [options, height]);

  useEffect(() => {
    const chart = chartRef.current;
    if (chart && chart.data !== data) chart.setData(data);
  }, [data]);

  useEffect(() => {
    chartRef.current?.ctx.canvas.setAttribute('aria-label', label);
  }, [label]);

  return <div ref={boxRef} className={`uplot-chart${className ? ` ${className}` : ''}`} />;
}

export default UplotChart;
