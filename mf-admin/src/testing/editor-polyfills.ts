/**
 * jsdom has no layout. ProseMirror (under tiptap) asks for coordinates on clicks and selection changes;
 * these stubs answer "nothing is anywhere", which makes it fall back to the DOM selection.
 * Imported by tests that render the rich-text editor.
 */
const emptyRect = (): DOMRect => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
const emptyList = (): DOMRectList => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;

if (!document.elementFromPoint) document.elementFromPoint = () => null;
if (!Range.prototype.getClientRects) Range.prototype.getClientRects = emptyList;
if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = emptyRect;

export {};
