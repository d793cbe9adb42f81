import { X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";

/** Where typing should go when a dialog opens: its first field, else its first action (Cancel before a destructive one). */
const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const FIRST_ACTION = "button:not([disabled]):not(.icon-button), a[href]";

/**
 * Mounted inside the dialog: moves focus from the dialog itself to its first field on open. A
 * dialog whose content appears after a load (the engine form waits for the provider list) has no
 * field yet when it opens: the first field is then focused when it appears, unless the user has
 * moved the focus meanwhile.
 */
function FocusFirstField() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const dialog = marker.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) return;
    const focusFirst = (): boolean => {
      const target = dialog.querySelector<HTMLElement>(FIRST_FIELD) ?? dialog.querySelector<HTMLElement>(FIRST_ACTION);
      target?.focus();
      return target !== null;
    };
    if (focusFirst()) return;
    const waitForContent = new MutationObserver(() => {
      const active = document.activeElement;
      const untouched = active === null || active === document.body || active === dialog;
      if (!untouched || focusFirst()) waitForContent.disconnect();
    });
    waitForContent.observe(dialog, { childList: true, subtree: true });
    return () => waitForContent.disconnect();
  }, []);
  return <span ref={marker} hidden />;
}

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /**
   * Escape and the × button: close (the default), or, for a dialog that must be closed
   * deliberately (a secret shown once), ask first.
   */
  onDismiss?: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal built on React Aria Components: the rest of the page is inert, Tab cycles inside it,
 * Escape closes it, focus starts on the first field (so typing goes there and Enter submits its
 * form) and returns to what opened it. Content is mounted only while open, so nothing it showed
 * stays in the DOM afterwards. Clicking outside does not close it (a half-filled form survives).
 */
export function Dialog({ open, title, onClose, onDismiss = onClose, children, className }: DialogProps) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
      isDismissable={false}
      className="dialog-overlay"
    >
      <Modal className={className ? `dialog ${className}` : "dialog"}>
        <AriaDialog className="dialog-body">
          <FocusFirstField />
          <div className="dialog-header">
            <Heading slot="title" level={2}>
              {title}
            </Heading>
            <button type="button" className="icon-button" aria-label="Close dialog" onClick={onDismiss}>
              <X size={18} aria-hidden="true" />
            </button>
          </div>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
