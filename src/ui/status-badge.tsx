/** An event's status badge (Pending, Active, Concluded); its style class is the lowercase status (docs/product.md §4). */
import type { EventStatus } from '../../contract/events';

export function EventStatusBadge({ status }: { status: EventStatus }) {
  return <span className={`status-badge ${status.toLowerCase()}`}>{status}</span>;
}
