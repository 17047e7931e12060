import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '@institute/shared/ui';
import styles from './dialog.module.css';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * The admin's modal dialog, labelled by its heading: focus moves into it (its title is read) and stays inside, Escape and
 * Close dismiss it, and focus returns to the button that opened it. Rendered into <body> so no table or card
 * around the opener clips it.
 */
export function Dialog({ title, onClose, children }: Props) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, { onEscape: onClose });

  return createPortal(
    <div className={styles.backdrop}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={headingId} tabIndex={-1}>
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
