import { useId } from 'react';
import { getConfig } from '@institute/shared/config';
import styles from './contact.module.css';

const mapSearchUrl = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/**
 * "Find Us": the address with a link to open it in a map service, always; above it the configured map embed, when
 * there is one. A map provider that is blocked, slow or down can only leave its frame empty: the address and the
 * link below it still say where to go, so the page never depends on the provider.
 */
export function ContactMap() {
  const { mapEmbedUrl, institute } = getConfig();
  const headingId = useId();
  return (
    <section className={`${styles.mapCard} ${mapEmbedUrl ? styles.withEmbed : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.blockTitle}>Find Us</h2>
      {mapEmbedUrl ? (
        <iframe
          className={styles.map}
          src={mapEmbedUrl}
          title={`Map showing ${institute.name}`}
          width={800}
          height={400}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : null}
      <p className={styles.mapName}>{institute.name}</p>
      <address className={styles.address}>{institute.address}</address>
      <a href={mapSearchUrl(institute.address)} target="_blank" rel="noopener noreferrer">
        Open in a map (new tab)
      </a>
    </section>
  );
}
