export { BlogHighlights as default } from '../features/blog/components/blog-highlights';
