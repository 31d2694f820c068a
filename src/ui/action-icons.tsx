/** Line icons (currentColor, 18 px) for table row actions, dialog buttons and the squad board. */
import { Svg, type IconProps } from './icons';

const Small = (props: IconProps) => <Svg width={18} height={18} {...props} />;

export function EditIcon(p: IconProps) {
  return (
    <Small {...p}>
      <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
      <path d="M13.5 6.5l4 4" />
    </Small>
  );
}

export function TrashIcon(p: IconProps) {
  return (
    <Small {...p}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Small>
  );
}

export function PlusIcon(p: IconProps) {
  return (
    <Small {...p}>
      <path d="M12 5v14M5 12h14" />
    </Small>
  );
}

export function KeyIcon(p: IconProps) {
  return (
    <Small {...p}>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l9-9M17 6l3 3M15 8l2 2" />
    </Small>
  );
}

export function MoneyIcon(p: IconProps) {
  return (
    <Small {...p}>
      <path d="M12 3v18" />
      <path d="M16.5 7.5C16 6 14.3 5 12 5c-2.8 0-4.5 1.4-4.5 3.3 0 4.4 9 2.6 9 7 0 2-1.8 3.7-4.5 3.7-2.4 0-4.2-1.1-4.7-2.8" />
    </Small>
  );
}

export function GripIcon(p: IconProps) {
  return (
    <Small width={14} height={14} {...p}>
      <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth={3} />
    </Small>
  );
}
