export { Banner } from './banner';
export { Spinner } from './spinner';
export { ErrorState, EmptyState } from './states';
