/**
 * Presentational table: the caller sorts and pages the rows; the table shows sort indicators,
 * keyboard-accessible header buttons, a sticky header and zebra rows, and scrolls sideways inside
 * its own box so the page never does. Identity columns (rank, name or tag) stay in view at the left
 * while the rest scrolls; on a narrow screen the sorted column (else `leadColumns`) follows them. At
 * rest no column is cut in two by the box's right edge (`useWholeColumns`).
 */
import { useEffect, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import type { ExportAs } from '../lib/export/types';
import type { SortState } from '../lib/sort';
import { NARROW_SCREEN, useMediaQuery } from '../lib/use-media-query';
import { leadKeys, orderColumns } from './table-layout';
import { useStyleWhenHydrated } from '../lib/use-hydrated';

export type { SortState };

export interface Column<Row> {
  key: string;
  header: string;
  sortable?: boolean;
  /** Right-aligned with tabular figures. */
  numeric?: boolean;
  render: (row: Row) => ReactNode;
  className?: string;
  /** Names the row (rank, name, tag): on a phone it comes first, and leading identity columns stay in view while the table scrolls sideways. */
  identity?: boolean;
  /** How the column is written in an export (lib/export/table-sheet.ts); without it the column is left out. */
  exportAs?: ExportAs<Row>;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  sort?: SortState;
  onHeaderClick?: (key: string) => void;
  /** A mouse click anywhere on the row (not on a link or button in it); give the row a link too, for keyboards and screen readers. */
  onRowClick?: (row: Row) => void;
  emptyText?: string;
  caption?: string;
  /** Height of the scrolling box (the header sticks inside it); 'none' lets the table grow. */
  maxHeight?: string;
  /** Columns shown right after the identity on a narrow screen (after the sorted column, if any). */
  leadColumns?: string[];
  /** The visitor's own row ("This is me"): highlighted, and named for screen readers. */
  isMine?: (row: Row) => boolean;
}

function cellClass(c: { numeric?: boolean; className?: string }, sticky: string): string | undefined {
  return [c.numeric ? 'num' : '', c.className ?? '', sticky].join(' ').trim() || undefined;
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  sort,
  onHeaderClick,
  onRowClick,
  emptyText = 'No data.',
  caption,
  maxHeight,
  leadColumns,
  isMine,
}: DataTableProps<Row>) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const shown = orderColumns(columns, narrow, leadKeys(sort?.key, leadColumns, columns));
  const firstOther = shown.findIndex((c) => !c.identity);
  const stickyCount = firstOther < 0 ? shown.length : firstOther;
  const tableRef = useStickyOffsets(stickyCount);
  const wrapRef = useRef<HTMLDivElement>(null);
  useWholeColumns(wrapRef, tableRef, shown.map((c) => c.key).join('|'));
  const leadKey = narrow ? shown.find((c) => !c.identity)?.key : undefined;
  useEffect(() => {
    // A newly sorted column has just moved next to the identity: show it there.
    if (wrapRef.current) wrapRef.current.scrollLeft = 0;
  }, [leadKey]);

  const sticky = (i: number) => (i < stickyCount ? `sticky-col${i === stickyCount - 1 ? ' sticky-col-last' : ''}` : '');
  const stickyStyle = (i: number) => (i > 0 && i < stickyCount ? { left: `var(--sticky-left-${i}, 0px)` } : undefined);
  const styled = useStyleWhenHydrated();
  const onRowMouse = (e: MouseEvent<HTMLTableRowElement>, row: Row) => {
    // A link or button in the row does its own thing.
    if (onRowClick && !(e.target as Element).closest('a, button, input, select, label')) onRowClick(row);
  };

  return (
    <div
      ref={wrapRef}
      className="table-wrap"
      style={styled(maxHeight ? { maxHeight } : undefined)}
      // A scrollable region needs to be focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={caption ?? 'Table'}
    >
      <table className="data-table" ref={tableRef}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {shown.map((c, i) => {
              const active = sort?.key === c.key;
              const ariaSort = c.sortable
                ? active
                  ? sort!.dir === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : 'none'
                : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={ariaSort}
                  className={cellClass(c, sticky(i))}
                  style={styled(stickyStyle(i))}
                >
                  {c.sortable && onHeaderClick ? (
                    <button
                      type="button"
                      className={`th-sort${active ? ' active' : ''}`}
                      onClick={() => onHeaderClick(c.key)}
                    >
                      <span>{c.header}</span>
                      <span className="sort-indicator" aria-hidden="true">
                        {active ? (sort!.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="empty-row">
              <td colSpan={shown.length}>{emptyText}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={
                  [onRowClick ? 'clickable' : '', isMine?.(row) ? 'row-mine' : ''].join(' ').trim() || undefined
                }
                data-mine={isMine?.(row) ? 'true' : undefined}
                onClick={onRowClick ? (e) => onRowMouse(e, row) : undefined}
              >
                {shown.map((c, i) => (
                  <td key={c.key} className={cellClass(c, sticky(i))} style={styled(stickyStyle(i))}>
                    {i === 0 && isMine?.(row) ? <span className="sr-only">Your row: </span> : null}
                    {c.identity ? <span className="identity-cell">{c.render(row)}</span> : c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Measures the identity columns so each sticky one after the first sits right of those before it. */
function useStickyOffsets(count: number) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    const cells = table?.tHead?.rows[0]?.cells;
    if (!table || !cells || count < 2) return;
    const update = () => {
      // All widths first, then the writes: a read after a write would lay the page out again.
      const widths = Array.from(cells, (c, i) => (i < count ? c.getBoundingClientRect().width : 0));
      let left = 0;
      for (let i = 0; i < count && i < cells.length; i++) {
        table.style.setProperty(`--sticky-left-${i}`, `${left}px`);
        left += widths[i];
      }
    };
    update();
    const observer = new ResizeObserver(update);
    for (let i = 0; i < count - 1 && i < cells.length; i++) observer.observe(cells[i]);
    return () => observer.disconnect();
  }, [count]);
  return ref;
}

/**
 * While the table rests at its left, no column is cut in two by the box's right edge ("73,93" for
 * 73,938 reads as another number): the columns that fit share the space left, so the next one
 * starts at the edge, one swipe away. Measured again whenever the box or the table changes size.
 */
function useWholeColumns(
  wrapRef: RefObject<HTMLDivElement | null>,
  tableRef: RefObject<HTMLTableElement | null>,
  columnKeys: string,
) {
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const table = tableRef.current;
    const cells = table?.tHead?.rows[0]?.cells;
    if (!wrap || !table || !cells) return;
    let widened: HTMLElement[] = [];
    const fit = () => {
      for (const c of widened) c.style.paddingRight = '';
      widened = [];
      const edge = wrap.clientWidth;
      if (table.offsetWidth <= edge) return;
      const list = Array.from(cells);
      // Where each column starts and ends inside the box, scrolled to its left.
      const origin = wrap.getBoundingClientRect().left + wrap.clientLeft - wrap.scrollLeft;
      const spans = list.map((c) => {
        const r = c.getBoundingClientRect();
        return { left: r.left - origin, right: r.right - origin };
      });
      const cut = spans.findIndex((c) => c.right > edge + 0.5);
      const gap = cut > 0 ? edge - spans[cut].left : 0;
      if (gap <= 0) return;
      // The columns that scroll share it (the sticky ones stay as narrow as they are), else all.
      const moving = list.slice(0, cut).filter((c) => !c.classList.contains('sticky-col'));
      widened = moving.length ? moving : list.slice(0, cut);
      const pads = widened.map((c) => parseFloat(getComputedStyle(c).paddingRight));
      widened.forEach((c, i) => (c.style.paddingRight = `${pads[i] + gap / widened.length}px`));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(wrap);
    observer.observe(table);
    return () => {
      observer.disconnect();
      for (const c of widened) c.style.paddingRight = '';
    };
  }, [wrapRef, tableRef, columnKeys]);
}
