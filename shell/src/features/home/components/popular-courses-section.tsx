import { RemoteSlot } from '@institute/shared/federation';
import { WithQueries } from '../../../lib/queries/with-queries';
import s from './sections.module.css';

/** The catalog's widget brings its own heading and "view all" link; the home page only places it. */
export default function PopularCoursesSection() {
  return (
    <div className={s.section}>
      <div className={s.inner}>
        <WithQueries>
          <RemoteSlot id="mf_catalog/PopularCourses" area="Popular courses" />
        </WithQueries>
      </div>
    </div>
  );
}
