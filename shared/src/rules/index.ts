export * from './payments';
export * from './text';
export { sanitizeHtml, contentItems } from './safe-html';
