import { RemoteSlot } from '@institute/shared/federation';
import { WithQueries } from '../../../lib/queries/with-queries';
import s from './sections.module.css';

/** The content module's widget brings its own heading and "view all" link; the home page only places it. */
export default function BlogSection() {
  return (
    <div className={s.section}>
      <div className={s.inner}>
        <WithQueries>
          <RemoteSlot id="mf_content/BlogHighlights" area="Blog highlights" />
        </WithQueries>
      </div>
    </div>
  );
}
