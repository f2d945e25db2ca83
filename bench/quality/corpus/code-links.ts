/**
 * Links whose text sits inside code, written the way the corpus builder recognises them. The builder marks a link as
 * code (`HumanLink.inCode`) when a `code` element is inside it, the way Sphinx writes `<a><code>json.dumps()</code></a>`;
 * but other generators put the link inside the code (`<code class="directive"><a>SetEnv</a></code>`) or inside a
 * preformatted block. No anchor may go there either (contract: not in `code`, `pre`, `tt`, `kbd`, `samp`, `var`), so
 * such links are rewritten to the recognised shape; what a reader sees does not change.
 */
import { DomUtils } from 'htmlparser2';
import { Element, isTag, isText } from 'domhandler';
import { containsCode, findElements } from '../html/dom.js';

const CODE_LIKE = new Set(['code', 'pre', 'tt', 'kbd', 'samp', 'var']);

function codeLikeAncestor(element: Element, root: Element): boolean {
  for (let node = element.parent; node && node !== root; node = node.parent) {
    if (isTag(node) && CODE_LIKE.has(node.name)) return true;
  }
  return false;
}

/** True when the link is the only thing in its parent (whitespace aside). */
function onlyChild(link: Element): boolean {
  const parent = link.parent;
  return !!parent && parent.children.every((child) => child === link || (isText(child) && child.data.trim() === ''));
}

/**
 * `<code class="x"><a href>t</a></code>` becomes `<a href><code class="x">t</code></a>`; any other link inside code
 * or a preformatted block gets its text wrapped in a `code` element.
 */
export function markLinksInCode(body: Element): void {
  for (const link of findElements(body, (el) => el.name === 'a' && 'href' in el.attribs)) {
    if (containsCode(link) || !codeLikeAncestor(link, body)) continue;
    const parent = link.parent;
    if (parent && isTag(parent) && parent.name === 'code' && onlyChild(link)) {
      DomUtils.removeElement(link);
      DomUtils.replaceElement(parent, link);
      for (const child of [...parent.children]) DomUtils.removeElement(child);
      for (const child of [...link.children]) DomUtils.appendChild(parent, child);
      DomUtils.appendChild(link, parent);
    } else {
      const code = new Element('code', {});
      for (const child of [...link.children]) DomUtils.appendChild(code, child);
      DomUtils.appendChild(link, code);
    }
  }
}
