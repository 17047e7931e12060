import styles from './ui.module.css';

/** The page banner; its title is the page's one h1. */
export function Banner({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className={styles.banner}>
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </header>
  );
}

/** The banner's exact box without a heading, held while a page whose title comes with its data loads. */
export function BannerPlaceholder() {
  return (
    <div className={styles.banner} aria-hidden="true">
      <p className={styles.bannerBlank}>{'\u00a0'}</p>
    </div>
  );
}
