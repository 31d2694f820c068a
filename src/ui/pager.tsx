/** Previous / Next page buttons with "Page X of Y"; the buttons are disabled at the ends. */
export interface PagerProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pageCount, onPage }: PagerProps) {
  const count = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), count);
  return (
    <nav className="pager" aria-label="Pagination">
      <button type="button" className="btn btn-secondary" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        Previous
      </button>
      <span className="pager-label" aria-live="polite">
        Page {current} of {count}
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={current >= count}
        onClick={() => onPage(current + 1)}
      >
        Next
      </button>
    </nav>
  );
}
