import { RemoteSlot } from '@institute/shared/federation';
import { WithQueries } from '../../../lib/queries/with-queries';
import { POPULAR_COURSES_SLOT } from './popular-courses-slot';
import s from './sections.module.css';

/** The catalog's widget brings its own heading and "view all" link; the home page only places it. */
export default function PopularCoursesSection() {
  return (
    <div className={s.section}>
      <div className={s.inner}>
        <WithQueries>
          <RemoteSlot id={POPULAR_COURSES_SLOT} area="Popular courses" />
        </WithQueries>
      </div>
    </div>
  );
}
