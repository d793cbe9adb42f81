import type { LucideIcon } from "lucide-react";

/** A row action shown as an icon only: its accessible name says what it acts on, hover shows the word. */
export function IconButton({
  icon: Icon,
  label,
  title,
  danger = false,
  onClick,
}: {
  icon: LucideIcon;
  /** The accessible name, e.g. "Delete key ci". */
  label: string;
  /** The word shown on hover, e.g. "Delete". */
  title: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={danger ? "icon danger" : "icon"}
      onClick={onClick}
      aria-label={label}
      title={title}
    >
      <Icon size={16} aria-hidden="true" />
    </button>
  );
}
