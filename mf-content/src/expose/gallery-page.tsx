export { GalleryPage as default } from '../features/gallery/components/gallery-page';
