import type { Blog, ClassSession, Course, SiteConfig } from '../contract';
import { shareImageUrl, stripMarkup } from '../rules';

/**
 * What a server-rendered page tells search engines and link previews about itself (issue 19): the site server puts
 * it in the page's head in place of the route's generic title and description (decision 021).
 */
export interface PageHead {
  /** Without the site name, which the site server appends. */
  title: string;
  description: string;
  image?: string;
  /** Open Graph type. */
  type?: 'website' | 'article';
  /** schema.org structured data, sent as `application/ld+json` (data, never run). */
  jsonLd?: Record<string, unknown>;
  /** Kept out of search results (a certificate's verification page names a person). */
  noindex?: boolean;
}

const DESCRIPTION_MAX = 160;

/** Plain text of rich text, cut at a word to fit a search result's snippet. */
export function metaDescription(html: string | undefined, fallback: string): string {
  return snippet(stripMarkup(html ?? '') || fallback);
}

/**
 * Plain text (a post's summary or body) as typed, cut the same way: it is not markup, so `&lt;` and `<b>` in it are
 * characters the author typed, not entities or tags to remove (issue 28). Escaping is the page head's job.
 */
export function plainMetaDescription(text: string | undefined, fallback: string): string {
  return snippet((text ?? '').replace(/\s+/g, ' ').trim() || fallback);
}

function snippet(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 80)).replace(/[\s,.;:]+$/, '')}…`;
}

/** The page's own absolute URL, when the site's public address is configured. */
const pageUrl = (config: SiteConfig, path: string) => (config.siteUrl ? `${config.siteUrl.replace(/\/$/, '')}${path}` : undefined);

/** The institute as schema.org describes a school. */
export function organization(config: SiteConfig): Record<string, unknown> {
  const { name, address, phone, email } = config.institute;
  return {
    '@type': 'EducationalOrganization',
    name,
    ...(config.siteUrl ? { url: pageUrl(config, '/') } : {}),
    address,
    telephone: phone,
    email,
  };
}

const COURSE_MODE: Record<ClassSession['mode'], string> = { online: 'Online', in_person: 'Onsite', hybrid: 'Blended' };

/** One upcoming class session as schema.org `CourseInstance`: its dates, mode, schedule and place. */
export function courseInstance(session: ClassSession, config: SiteConfig): Record<string, unknown> {
  return {
    '@type': 'CourseInstance',
    courseMode: COURSE_MODE[session.mode] ?? session.mode,
    startDate: session.startsOn,
    endDate: session.endsOn,
    ...(session.schedule ? { description: session.schedule } : {}),
    location: session.mode === 'online' || !session.address
      ? { '@type': 'VirtualLocation', name: 'Online' }
      : { '@type': 'Place', name: config.institute.name, address: session.address },
    ...(session.seats !== null ? { maximumAttendeeCapacity: session.seats, remainingAttendeeCapacity: Math.max(session.seatsLeft ?? 0, 0) } : {}),
  };
}

/**
 * A course or quick program: schema.org `Course` with its provider, its price in US dollars and, when it has
 * upcoming sessions, a `CourseInstance` for each (issue 29).
 */
export function courseHead(course: Course, config: SiteConfig, path: string, sessions: readonly ClassSession[] = []): PageHead {
  const description = metaDescription(course.description, `${course.title}: ${course.totalHours}, ${course.duration}. ${course.credential}.`);
  const url = pageUrl(config, path);
  const image = shareImageUrl(course.imgUrl, config);
  return {
    title: course.title,
    description,
    image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: course.title,
      description,
      ...(url ? { url } : {}),
      image,
      provider: organization(config),
      ...(course.certification ? { educationalCredentialAwarded: course.certification } : {}),
      ...(sessions.length ? { hasCourseInstance: sessions.map((session) => courseInstance(session, config)) } : {}),
      offers: {
        '@type': 'Offer',
        category: 'Paid',
        price: Number(course.price).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        ...(url ? { url } : {}),
      },
    },
  };
}

/** A blog post: schema.org `BlogPosting`. */
export function blogPostHead(post: Blog, config: SiteConfig, path: string): PageHead {
  const description = plainMetaDescription(post.description || post.content, post.title);
  const url = pageUrl(config, path);
  const image = shareImageUrl(post.imgUrl, config);
  return {
    title: post.title,
    description,
    image,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      image,
      datePublished: post.createdAt,
      author: { '@type': 'Person', name: post.author },
      publisher: { '@type': 'Organization', name: config.institute.name },
      ...(post.category ? { articleSection: post.category } : {}),
      ...(url ? { url, mainEntityOfPage: url } : {}),
    },
  };
}
