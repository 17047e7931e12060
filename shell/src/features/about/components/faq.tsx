import { useId, useState } from 'react';
import { FAQ } from '../about-content';
import styles from '../about.module.css';

/** An accordion (WAI-ARIA APG): each question is a button in a heading that controls its answer panel. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <section className={styles.section} aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className={styles.heading}>Frequently asked questions</h2>
      <div className={styles.faq}>
        {FAQ.map((item, index) => {
          const expanded = open === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={item.question} className={styles.faqItem}>
              <h3 className={styles.faqQuestion}>
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  {item.question}
                  <span className={styles.chevron} aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.faqAnswer} hidden={!expanded}>
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
