import { advisingSlotsQuery, blogPagesQuery, firstPageLimit, galleryPagesQuery, shownFrom } from '@institute/shared/api';
import type { Blog } from '@institute/shared/contract';
import { blogPostHead, renderRemotePage, type RemoteRender } from '@institute/shared/ssr';
import { blogQuery } from './features/blog/api/get-blog';
import { BlogDetailPage } from './features/blog/components/blog-detail-page';
import { BlogListPage } from './features/blog/components/blog-list-page';
import { AdvisingPage } from './features/contact/components/advising-page';
import { AppointmentPage } from './features/contact/components/appointment-page';
import { ContactPage } from './features/contact/components/contact-page';
import { GalleryPage } from './features/gallery/components/gallery-page';

const PAGES: Parameters<typeof renderRemotePage>[1] = {
  BlogListPage: {
    Page: BlogListPage,
    prefetch: (client, _params, search) => client.fetchInfiniteQuery(blogPagesQuery({}, firstPageLimit(shownFrom(search)))),
  },
  BlogDetailPage: {
    Page: BlogDetailPage,
    prefetch: (client, { id = '' }) => client.fetchQuery(blogQuery(id)),
    head: (post, { config, path }) => (post ? blogPostHead(post as Blog, config, path) : null),
    // A post nobody has: the rendered "Blog not found" page, answered with a 404.
    status: (post) => (post ? undefined : 404),
  },
  GalleryPage: {
    Page: GalleryPage,
    prefetch: (client, _params, search) => client.fetchInfiniteQuery(galleryPagesQuery(firstPageLimit(shownFrom(search)))),
  },
  ContactPage: { Page: ContactPage, prefetch: async () => undefined },
  AppointmentPage: { Page: AppointmentPage, prefetch: async () => undefined },
  // The open times are the page's main content: read before rendering, so the HTML lists them (or says there are none).
  AdvisingPage: { Page: AdvisingPage, prefetch: (client) => client.fetchQuery(advisingSlotsQuery()) },
};

/**
 * This module's server build (published beside its browser build, never served): the site renders these pages'
 * first HTML with it, so their content and largest image arrive with the page, before any script.
 */
export const render: RemoteRender = async (request) => {
  // One expose serves both advising routes, told apart by the route's props. Only the booking view is rendered here:
  // a cancel link names one person's booking by its token, and stays in the browser.
  if (request.expose === 'AdvisingPage' && request.props?.view !== 'book') return null;
  return renderRemotePage(request, PAGES);
};
