/** Labelled values in a grid (a definition list), as the team and event info cards show them. */
import type { ReactNode } from 'react';

const cls = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

/** `className` sets the columns for its card (see the feature's CSS). */
export function InfoGrid({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cls('info-grid', className)}>{children}</dl>;
}

export function InfoItem({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cls('info-item', className)}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
