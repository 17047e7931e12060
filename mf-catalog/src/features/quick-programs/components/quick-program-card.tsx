import { memo, useId } from 'react';
import { Link } from '@institute/shared/router';
import type { CourseCard } from '@institute/shared/contract';
import { excerptWords, nextStartText, stripMarkup } from '@institute/shared/rules';
import { ResponsiveImage } from '@institute/shared/ui';
import { LIST_GRID_SIZES } from '../../../components/card-grid/grid-sizes';
import { priceText } from './program-format';
import styles from './quick-programs.module.css';

/**
 * `priority` marks the card whose image is the page's largest paint: fetched at once, ahead of the rest;
 * `deferImage` a later card, whose image waits for the page's load and its approach to the viewport (decision 057).
 * Memo: a listed card's record does not change, so "Load more" and the list's own updates render only new cards
 * (decision 061).
 */
export const QuickProgramCard = memo(function QuickProgramCard({ program, priority = false, deferImage = false }: { program: CourseCard; priority?: boolean; deferImage?: boolean }) {
  const titleId = useId();
  return (
    <li className={styles.card}>
      <div className={styles.media}>
        {program.imgUrl ? (
          <ResponsiveImage className={styles.image} src={program.imgUrl} alt={program.title} width={400} height={250}
            sizes={LIST_GRID_SIZES} priority={priority} defer={deferImage} />
        ) : (
          <div className={styles.noImage}>No Image</div>
        )}
        {program.featured ? <span className={styles.badge}>Featured</span> : null}
      </div>
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {program.title}
        </h2>
        <p className={styles.excerpt}>{excerptWords(stripMarkup(program.description ?? ''), 12)}</p>
        <dl className={styles.facts}>
          <dt>Duration</dt>
          <dd>{program.duration}</dd>
          <dt>Hours</dt>
          <dd>{program.totalHours}</dd>
          <dt>Price</dt>
          <dd>{priceText(program.price)}</dd>
          {program.nextSession ? (
            <>
              <dt>Next start</dt>
              <dd>{nextStartText(program.nextSession)}</dd>
            </>
          ) : null}
        </dl>
        <Link className={styles.explore} to={`/quick-programs/${encodeURIComponent(program._id)}`} aria-describedby={titleId}>
          Explore
        </Link>
      </div>
    </li>
  );
});
