import { useId } from 'react';
import { getConfig } from '@institute/shared/config';
import styles from './contact.module.css';

/** The configured map embed, or a static card with the address so the page never depends on a map provider. */
export function ContactMap() {
  const { mapEmbedUrl, institute } = getConfig();
  const headingId = useId();
  if (mapEmbedUrl) {
    return (
      <iframe
        className={styles.map}
        src={mapEmbedUrl}
        title={`Map showing ${institute.name}`}
        width={800}
        height={400}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    );
  }
  return (
    <section className={`${styles.map} ${styles.mapCard}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.blockTitle}>Find Us</h2>
      <p className={styles.mapName}>{institute.name}</p>
      <address className={styles.address}>{institute.address}</address>
      <a href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(institute.address)}`} target="_blank" rel="noopener noreferrer">
        Open in a map (new tab)
      </a>
    </section>
  );
}
