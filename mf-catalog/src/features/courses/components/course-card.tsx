import { memo, useId } from 'react';
import { useNavigate } from '@institute/shared/router';
import { useSendToSignIn } from '@institute/shared/auth';
import type { CourseCard as CourseCardData } from '@institute/shared/contract';
import { formatMoney, nextStartText } from '@institute/shared/rules';
import { ResponsiveImage } from '@institute/shared/ui';
import { LIST_GRID_SIZES } from '../../../components/card-grid/grid-sizes';
import { useHasSession } from '../hooks/use-has-session';
import styles from './course-card.module.css';

interface Props {
  course: CourseCardData;
  headingLevel?: 2 | 3;
  /** The card whose image is the page's largest paint: fetched at once, ahead of the rest. */
  priority?: boolean;
  /** A list's later card: its image waits for the page's load and its approach to the viewport (decision 057). */
  deferImage?: boolean;
  /** The image's `sizes`: the column width of the grid the card is in (the lists' grid unless said). */
  sizes?: string;
}

/** Memo: a listed card's record does not change, so "Load more" and the list's own updates render only new cards (decision 061). */
export const CourseCard = memo(function CourseCard({ course, headingLevel = 2, priority = false, deferImage = false, sizes = LIST_GRID_SIZES }: Props) {
  const titleId = useId();
  const navigate = useNavigate();
  const hasSession = useHasSession();
  const sendToSignIn = useSendToSignIn();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <li className={styles.card}>
      <ResponsiveImage className={styles.image} src={course.imgUrl} alt={course.title} width={400} height={250}
        sizes={sizes} priority={priority} defer={deferImage} />
      <div className={styles.body}>
        <Heading id={titleId} className={styles.title}>
          {course.title}
        </Heading>
        <dl className={styles.facts}>
          <dt>Price</dt>
          <dd className={styles.price}>{Number.isFinite(course.price) ? formatMoney(course.price) : 'Not specified'}</dd>
          <dt>Total hours</dt>
          <dd>{course.totalHours}</dd>
          <dt>Duration</dt>
          <dd>{course.duration}</dd>
          <dt>Certification</dt>
          <dd>{course.certification}</dd>
          <dt>Credential</dt>
          <dd>{course.credential}</dd>
          {course.nextSession ? (
            <>
              <dt>Next start</dt>
              <dd>{nextStartText(course.nextSession)}</dd>
            </>
          ) : null}
        </dl>
        <button
          type="button"
          className={styles.action}
          aria-describedby={titleId}
          onClick={() => {
            const coursePage = `/courses/${encodeURIComponent(course._id)}`;
            // Signed out, the visitor signs in and goes on to the course they chose (the list stays one Back away).
            if (hasSession()) void navigate(coursePage);
            else sendToSignIn('view-course', { pathname: coursePage });
          }}
        >
          View Programs
        </button>
      </div>
    </li>
  );
});
