export { BlogListPage as default } from '../features/blog/components/blog-list-page';
