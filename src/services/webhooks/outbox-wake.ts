/**
 * Wakes this process's delivery workers when a transaction that wrote deliveries commits, so a
 * delivery starts at once instead of at the next poll. Process-local: other instances find the
 * delivery on their own poll (GLOSSA_WEBHOOK_POLL_MS), which is also what makes a delivery whose
 * instance died after the commit go out.
 */
const listeners = new Set<() => void>();

export function onDeliveriesCommitted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function deliveriesCommitted(): void {
  for (const listener of listeners) listener();
}
