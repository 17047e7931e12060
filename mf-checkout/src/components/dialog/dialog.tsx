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
 * A modal dialog labelled by its heading. Rendered into <body> so no ancestor's overflow or stacking
 * clips it, whichever module hosts it.
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
