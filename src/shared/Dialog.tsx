import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog over the page for a decision (a confirmation, a password asked again): labelled by
 * its title, the first field focused on opening, Tab kept inside, Escape or Cancel closing it, and
 * the focus given back to whatever opened it. It sits below the modal queue's "Error" modal (levels
 * 497 and 998), so a refusal is read on top of it and the dialog is still there to try again.
 */
export function Dialog({ title, onClose, children, describedBy }: { title: string; onClose: () => void; children: ReactNode; describedBy?: string }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement;
    const first = box.current?.querySelector<HTMLElement>('input, select, textarea') ?? box.current?.querySelector<HTMLElement>(focusable);
    first?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop dialog-backdrop" onKeyDown={onKeyDown}>
      <div ref={box} className="modal dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={describedBy}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
