import { getConfig } from '@institute/shared/config';
import { Banner } from '@institute/shared/ui';
import { ExpertSkills } from './components/expert-skills';
import { Faq } from './components/faq';
import { Stats } from './components/stats';
import { Testimonials } from './components/testimonials';
import styles from './about.module.css';

export default function AboutPage() {
  const { name } = getConfig().institute;
  return (
    <>
      <Banner title="About Us" subtitle={`Who we are and how ${name} prepares people for new careers.`} />
      <div className={styles.page}>
        <ExpertSkills institute={name} />
        <Stats />
        <Testimonials />
        <Faq />
      </div>
    </>
  );
}
