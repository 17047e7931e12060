import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../use-focus-trap';
import styles from './dialog.module.css';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** 'wide' (36rem) for forms of several fields, as the admin's ledger dialogs are; 32rem otherwise. */
  width?: 'normal' | 'wide';
}

/**
 * The one modal dialog of every module, labelled by its heading: focus moves into it (its title is read) and stays
 * inside, Escape and Close dismiss it, and focus returns to the control that opened it. Rendered into <body> so no
 * table, card or stacking context around the opener clips it; taller than the window, it scrolls inside.
 */
export function Dialog({ title, onClose, children, width = 'normal' }: DialogProps) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, { onEscape: onClose });

  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={ref}
        className={width === 'wide' ? `${styles.dialog} ${styles.wide}` : styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
      >
        <div className={styles.header}>
          <h2 id={headingId} className={styles.title}>{title}</h2>
          <button type="button" className={styles.close} onClick={onClose}>Close</button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
