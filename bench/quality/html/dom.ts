/** Small DOM operations over htmlparser2's tree that the corpus builder, the variants and the checks share. */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { AnyNode, ChildNode, Document, Element } from 'domhandler';

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

export function removeNode(node: ChildNode): void {
  DomUtils.removeElement(node);
}

/** True when an inline `code` element is inside the element (a cross-reference such as `json.dumps()`). */
export function containsCode(element: Element): boolean {
  return findElement(element.children, (child) => child.name === 'code') !== null;
}

/** Replaces an element by its children: `<a href="…"><code>x</code></a>` becomes `<code>x</code>`. */
export function unwrapElement(element: Element): void {
  for (const child of [...element.children]) DomUtils.prepend(element, child);
  DomUtils.removeElement(element);
}
