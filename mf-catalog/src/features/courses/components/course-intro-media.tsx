import { useState } from 'react';
import type { Course } from '@institute/shared/contract';
import { ResponsiveImage, responsiveSources } from '@institute/shared/ui';
import { introVideo } from '../../../utils/intro-video';
import { COURSE_MEDIA_SIZES } from './course-media-sizes';
import styles from './course-detail.module.css';

/** The intro video when one can really play; otherwise (or if the file fails) the course image. */
export function CourseIntroMedia({ course }: { course: Course }) {
  const [failed, setFailed] = useState(false);
  const media = introVideo(course.introVideoUrl);

  if (media.kind === 'iframe') {
    return (
      <iframe
        className={styles.media}
        src={media.src}
        title={`${course.title}: intro video`}
        width={640}
        height={360}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  if (media.kind === 'video' && !failed) {
    return (
      <video
        className={styles.media}
        src={media.src}
        poster={responsiveSources(course.imgUrl).src}
        width={640}
        height={360}
        controls
        preload="metadata"
        aria-label={`${course.title}: intro video`}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <figure className={styles.figure}>
      <ResponsiveImage className={styles.media} src={course.imgUrl} alt={course.title} width={640} height={360}
        sizes={COURSE_MEDIA_SIZES} priority />
    </figure>
  );
}
