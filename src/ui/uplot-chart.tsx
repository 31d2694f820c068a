/**
 * A uPlot chart through uplot-react, sized to its container's width (ResizeObserver) at a given
 * height: uplot-react resizes the chart when only the width changes, re-creates it when the options
 * change and swaps the data when the data changes. Pass memoised options. `label` is the canvas's
 * text alternative (an image to assistive technology): say what it shows and its main numbers.
 * Import this file lazily from chart screens: uPlot stays out of the main bundle.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import UplotReact from 'uplot-react';
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

const MIN_WIDTH = 200;

export function UplotChart({ options, data, height, label, className, onCreate }: UplotChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const [width, setWidth] = useState<number | null>(null);

  // The width before the first paint, then whenever the box changes size.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(Math.max(box.clientWidth, MIN_WIDTH));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(box);
    return () => ro.disconnect();
  }, []);

  const sized = useMemo(() => (width === null ? null : { ...options, width, height }), [options, width, height]);

  const labelRef = useRef(label);
  useEffect(() => {
    labelRef.current = label;
    chartRef.current?.ctx.canvas.setAttribute('aria-label', label);
  }, [label]);

  const created = (chart: uPlot) => {
    chartRef.current = chart;
    chart.ctx.canvas.setAttribute('role', 'img');
    chart.ctx.canvas.setAttribute('aria-label', labelRef.current);
    onCreate?.(chart);
  };

  return (
    <div ref={boxRef} className={`uplot-chart${className ? ` ${className}` : ''}`}>
      {sized ? (
        <UplotReact options={sized} data={data} onCreate={created} onDelete={() => (chartRef.current = null)} />
      ) : null}
    </div>
  );
}

export default UplotChart;
