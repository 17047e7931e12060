import { lazy, useEffect } from 'react';
import { useLocation } from '@institute/shared/router';
import { loadRemoteComponent } from '@institute/shared/federation';
import { loadQueryProvider } from '../../lib/queries/with-queries';
import { DeferredSection } from './components/deferred-section';
import { POPULAR_COURSES_SLOT } from './components/popular-courses-slot';
import { FloatingButtons } from './components/floating-buttons';
import { Hero } from './components/hero';

// One chunk per section below the fold; each loads when its slot nears the viewport. The two right under the hero
// are near it on every screen, so they share one file (one request and its headers fewer on every first visit).
const Workshop = lazy(() => import(/* webpackChunkName: "home-upper" */ './components/workshop-section'));
const Features = lazy(() => import(/* webpackChunkName: "home-upper" */ './components/features-section'));
const Blog = lazy(() => import('./components/blog-section'));
const Business = lazy(() => import('./components/business-section'));
const loadPopularCourses = () => import('./components/popular-courses-section');
const PopularCourses = lazy(loadPopularCourses);
const FlexibleStudy = lazy(() => import('./components/flexible-study-section'));
const MissionVision = lazy(() => import('./components/mission-vision-section'));
const CertificationBanner = lazy(() => import('./components/certification-banner'));

/**
 * The Popular Courses section is in the page's HTML, its cards rendered per request by the catalog (decision 060);
 * as it nears the viewport, its code (the section, the query client, the catalog's widget) arrives in one go and the
 * section hydrates, so React adopts those cards instead of drawing them again.
 */
const popularCoursesCode = {
  name: 'popular-courses',
  preload: () => Promise.allSettled([loadPopularCourses(), loadQueryProvider(), loadRemoteComponent(POPULAR_COURSES_SLOT)]),
};

/** Scrolls to a #fragment (the footer's "/#features"), which the browser cannot do before the page renders. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
}

export default function HomePage() {
  useScrollToHash();
  return (
    <>
      <Hero />
      <DeferredSection minHeight="22rem"><Workshop /></DeferredSection>
      <DeferredSection id="features" minHeight="40rem"><Features /></DeferredSection>
      <DeferredSection minHeight="30rem"><Blog /></DeferredSection>
      <DeferredSection minHeight="22rem"><Business /></DeferredSection>
      <DeferredSection minHeight="30rem" serverRendered={popularCoursesCode}><PopularCourses /></DeferredSection>
      <DeferredSection minHeight="24rem"><FlexibleStudy /></DeferredSection>
      <DeferredSection minHeight="22rem"><MissionVision /></DeferredSection>
      <DeferredSection minHeight="12rem"><CertificationBanner /></DeferredSection>
      <FloatingButtons />
    </>
  );
}
