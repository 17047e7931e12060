import { Link } from 'react-router-dom';
import { RemoteSlot } from '@institute/shared/federation';
import s from './sections.module.css';

export default function BlogSection() {
  return (
    <section className={s.section} aria-labelledby="home-blog">
      <div className={s.inner}>
        <p className={s.eyebrow}>From our blog</p>
        <h2 id="home-blog" className={s.heading}>Advice for starting a new career</h2>
        <RemoteSlot id="mf_content/BlogHighlights" area="Blog highlights" />
        <Link to="/blog" className={s.more}>Read all articles</Link>
      </div>
    </section>
  );
}
