/** Small DOM operations over htmlparser2's tree that the corpus builder, the variants and the checks share. */
import { DomUtils, parseDocument } from 'htmlparser2';
import { isTag, type AnyNode, type Document, type Element } from 'domhandler';

export type { AnyNode, Document, Element };

export function parseHtml(html: string): Document {
  return parseDocument(html);
}

/** Serialises the children of a node (a body fragment stays a fragment). */
export function innerHtml(node: Document | Element): string {
  return DomUtils.getInnerHTML(node);
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function textOf(node: AnyNode): string {
  return collapseWhitespace(DomUtils.textContent(node));
}

export function hasClass(element: Element, className: string): boolean {
  return (element.attribs['class'] ?? '').split(/\s+/).includes(className);
}

export function findElements(root: AnyNode | AnyNode[], test: (element: Element) => boolean): Element[] {
  return DomUtils.findAll(test, Array.isArray(root) ? root : [root]);
}

export function findElement(root: AnyNode | AnyNode[], test: (element: Element) => boolean): Element | null {
  return DomUtils.findOne(test, Array.isArray(root) ? root : [root]);
}

export function removeNode(node: AnyNode): void {
  DomUtils.removeElement(node as Parameters<typeof DomUtils.removeElement>[0]);
}

/** Replaces an element by its children: `<a href="…"><code>x</code></a>` becomes `<code>x</code>`. */
export function unwrapElement(element: Element): void {
  for (const child of [...element.children]) DomUtils.prepend(element, child);
  DomUtils.removeElement(element);
}

export function isElement(node: AnyNode): node is Element {
  return isTag(node);
}
