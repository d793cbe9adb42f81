import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** What an empty list means and what to do next: an icon, one line, an explanation and the action that fills it. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty">
      <Icon className="empty-icon" size={28} aria-hidden="true" />
      <p>
        <strong>{title}</strong>
      </p>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}
