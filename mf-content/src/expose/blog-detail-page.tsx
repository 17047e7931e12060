export { BlogDetailPage as default } from '../features/blog/components/blog-detail-page';
