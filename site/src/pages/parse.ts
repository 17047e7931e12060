import { parse, parseFragment as parseHtmlFragment, type DefaultTreeAdapterMap } from 'parse5';

/** HTML read with a parser (parse5, jsdom's), not with regular expressions: attributes unescaped, quotes optional. */
export type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

export const parseFragment = (html: string): ParentNode => parseHtmlFragment(html);
export const parseDocument = (html: string): ParentNode => parse(html);

const isElement = (node: ChildNode): node is Element => 'tagName' in node;

/** Every element below `root` (document order) for which `test` holds. */
export function findElements(root: ParentNode, test: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      if (test(child)) found.push(child);
      // A <template>'s content is a fragment of its own.
      visit(child.tagName === 'template' ? (child as DefaultTreeAdapterMap['template']).content : child);
    }
  };
  visit(root);
  return found;
}

export const attributeOf = (el: Element, name: string): string | null => el.attrs.find((a) => a.name === name)?.value ?? null;

/** The text inside an element (a <style>'s CSS, as CSP hashes it). */
export const textOf = (el: Element): string =>
  el.childNodes.map((node) => ('value' in node && node.nodeName === '#text' ? node.value : '')).join('');
