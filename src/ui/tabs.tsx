/**
 * Tab rows. `Tabs` is an ARIA tablist of buttons (arrow keys, Home and End move between tabs),
 * wired to the `TabPanel` it controls through `panelId` (aria-controls / aria-labelledby);
 * `TabLinks` is the same look for tabs that are addresses (a nav of links, aria-current on the active one).
 * A row wider than its box scrolls sideways with shaded edges showing there is more.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: string;
}

export interface TabsProps {
  items: TabItem[];
  active: string;
  onSelect: (key: string) => void;
  /** Accessible name of the tab row. */
  label?: string;
  /** Smaller, secondary look for a second row of tabs. */
  variant?: 'primary' | 'secondary';
  /** Id of the TabPanel these tabs control. */
  panelId?: string;
}

/** The id of a tab button of the row that controls panel `panelId`. */
export function tabId(panelId: string, key: string): string {
  return `${panelId}-tab-${key}`;
}

export function Tabs({ items, active, onSelect, label, variant = 'primary', panelId }: TabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = items.findIndex((t) => t.key === active);
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(items[next].key);
    refs.current[next]?.focus();
  };
  return (
    <div className={`tabs tabs-${variant}`} role="tablist" aria-label={label}>
      {items.map((t, i) => {
        const selected = t.key === active;
        return (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={panelId ? tabId(panelId, t.key) : undefined}
            aria-controls={panelId}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onKeyDown={onKeyDown}
            className={`tab${selected ? ' active' : ''}`}
            onClick={() => onSelect(t.key)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

/** Container for link tabs: pass router <Link className="tab"> children with aria-current on the active one. */
export function TabLinks({
  label,
  children,
  variant = 'primary',
}: {
  label: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <nav className={`tabs tabs-${variant}`} aria-label={label}>
      {children}
    </nav>
  );
}

/** The content the active tab(s) show, named by them: `labelledBy` lists the active tabs' ids. */
export function TabPanel({
  id,
  labelledBy,
  className,
  children,
}: {
  id: string;
  labelledBy: string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={labelledBy.join(' ')} className={className}>
      {children}
    </div>
  );
}
