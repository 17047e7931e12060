import { useQuery } from '@tanstack/react-query';
import { myWaitlistQuery } from '@institute/shared/api';
import { Link } from '@institute/shared/router';
import { formatDay, offerHeldLine, offerPagePath } from '@institute/shared/rules';
import styles from './profile.module.css';

/**
 * The student's waitlist places (issue 29): a seat offered to them first, with where to pay for it, then the
 * sessions they are waiting for and their place in line. Nothing when they wait for none.
 */
export function WaitlistPlaces() {
  const places = useQuery(myWaitlistQuery(true)).data ?? [];
  if (places.length === 0) return null;
  const offers = places.filter((p) => p.status === 'offered');
  const waiting = places.filter((p) => p.status === 'waiting');
  return (
    <>
      {offers.map((offer) => (
        <article key={offer.sessionId} className={styles.enrollment} aria-label={`Seat offered in ${offer.title}`}>
          <h3>A seat is free for you: {offer.title}</h3>
          <p>Session starting {formatDay(offer.startsOn)}. {offerHeldLine(offer)}</p>
          <Link to={offerPagePath(offer)} className={styles.action}>Pay for your seat</Link>
        </article>
      ))}
      {waiting.length > 0 ? (
        <article className={styles.enrollment} aria-label="Your waitlists">
          <h3>Waitlists</h3>
          <ul className={styles.receipts}>
            {waiting.map((place) => (
              <li key={place.sessionId}>
                <Link to={offerPagePath(place)}>{place.title}</Link>, session starting {formatDay(place.startsOn)}: number {place.position} in line.
                We will email you when a seat frees up.
              </li>
            ))}
          </ul>
        </article>
      ) : null}
    </>
  );
}
