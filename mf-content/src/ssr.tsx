import { blogPagesQuery, firstPageLimit, galleryPagesQuery, shownFrom } from '@institute/shared/api';
import type { Blog } from '@institute/shared/contract';
import { blogPostHead, renderRemotePage, type RemoteRender } from '@institute/shared/ssr';
import { blogQuery } from './features/blog/api/get-blog';
import { BlogDetailPage } from './features/blog/components/blog-detail-page';
import { BlogListPage } from './features/blog/components/blog-list-page';
import { ContactPage } from './features/contact/components/contact-page';
import { GalleryPage } from './features/gallery/components/gallery-page';

/**
 * This module's server build (published beside its browser build, never served): the site renders these pages'
 * first HTML with it, so their content and largest image arrive with the page, before any script.
 */
export const render: RemoteRender = (request) => renderRemotePage(request, {
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
});
