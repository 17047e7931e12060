import { getConfig } from '@institute/shared/config';
import type { SocialNetwork } from '@institute/shared/contract';
import styles from '../footer.module.css';

/** In the footer's order; icons are simple original glyphs. */
const NETWORKS: { network: SocialNetwork; name: string; path: string }[] = [
  { network: 'facebook', name: 'Facebook', path: 'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z' },
  { network: 'instagram', name: 'Instagram', path: 'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zm0 2A2.5 2.5 0 0 0 5 7.5v9A2.5 2.5 0 0 0 7.5 19h9a2.5 2.5 0 0 0 2.5-2.5v-9A2.5 2.5 0 0 0 16.5 5zM12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm4.6-3.4a1 1 0 1 1 0 2 1 1 0 0 1 0-2z' },
  { network: 'linkedin', name: 'LinkedIn', path: 'M4.5 9h3v11h-3zM6 3.5a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM10 9h2.9v1.5c.4-.8 1.5-1.7 3.1-1.7 3.2 0 3.8 2.1 3.8 4.9V20h-3v-5.5c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9V20H10z' },
  { network: 'youtube', name: 'YouTube', path: 'M21.6 7.2c.4 1.5.4 4.8.4 4.8s0 3.3-.4 4.8a2.5 2.5 0 0 1-1.8 1.8C18.3 19 12 19 12 19s-6.3 0-7.8-.4a2.5 2.5 0 0 1-1.8-1.8C2 15.3 2 12 2 12s0-3.3.4-4.8a2.5 2.5 0 0 1 1.8-1.8C5.7 5 12 5 12 5s6.3 0 7.8.4a2.5 2.5 0 0 1 1.8 1.8zM10 15l5.2-3L10 9z' },
];

const isHttps = (url: string | undefined): url is string => typeof url === 'string' && /^https:\/\/\S+$/.test(url);

/** The institute's own profiles from config.json; a network without one has no icon, and no profile no list. */
export function SocialLinks({ institute }: { institute: string }) {
  const configured = getConfig().social ?? {};
  const links = NETWORKS.flatMap((item) => (isHttps(configured[item.network]) ? [{ ...item, href: configured[item.network]! }] : []));
  if (links.length === 0) return null;
  return (
    <ul className={styles.social}>
      {links.map((item) => (
        <li key={item.network}>
          <a href={item.href} aria-label={`${institute} on ${item.name}`} className={styles.socialLink} target="_blank" rel="noopener noreferrer">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={item.path} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
