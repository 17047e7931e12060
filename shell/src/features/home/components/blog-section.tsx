import { RemoteSlot } from '@institute/shared/federation';
import s from './sections.module.css';

/** The content module's widget brings its own heading and "view all" link; the home page only places it. */
export default function BlogSection() {
  return (
    <div className={s.section}>
      <div className={s.inner}>
        <RemoteSlot id="mf_content/BlogHighlights" area="Blog highlights" />
      </div>
    </div>
  );
}
