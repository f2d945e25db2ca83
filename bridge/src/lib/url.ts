/**
 * URL handling shared by page sync, link extraction and the engine.
 *
 * Two URLs name the same page when they differ only in scheme or host case, a default port, or the fragment
 * (contract §3). The normalised form is the page's identity key inside a project.
 */

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Parses an absolute http(s) URL, or returns null. */
export function parseHttpUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url;
}

/**
 * The identity key of a page URL: lower-case scheme and host (the URL parser does that), no default port,
 * no fragment, path and query kept as they are.
 */
export function normalizePageUrl(value: string): string | null {
  const url = parseHttpUrl(value);
  if (!url) return null;
  url.hash = '';
  if (DEFAULT_PORTS[url.protocol] === url.port) url.port = '';
  return url.toString();
}

/** Resolves a link's href against the page that holds it; null for non-http(s) links (mailto:, javascript:, …). */
export function resolveHref(href: string, baseUrl: string): string | null {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(trimmed, baseUrl);
  } catch {
    return null;
  }
  return normalizePageUrl(url.toString());
}

/** The host (with non-default port) that decides whether a URL belongs to a project's site. */
export function siteHost(value: string): string | null {
  const url = parseHttpUrl(value);
  if (!url) return null;
  const port = DEFAULT_PORTS[url.protocol] === url.port ? '' : url.port;
  return port ? `${url.hostname}:${port}` : url.hostname;
}

/** True when the URL is on the same site as the project's domain (scheme may differ: sites move to https). */
export function isOnSite(pageUrl: string, domain: string): boolean {
  const a = siteHost(pageUrl);
  return a !== null && a === siteHost(domain);
}

/**
 * Path filter from a project's includePaths / excludePaths (prefixes of the URL path).
 * An empty include list includes everything.
 */
export function isPathAllowed(pageUrl: string, includePaths: readonly string[], excludePaths: readonly string[]): boolean {
  const url = parseHttpUrl(pageUrl);
  if (!url) return false;
  const path = url.pathname;
  if (includePaths.length > 0 && !includePaths.some((prefix) => path.startsWith(prefix))) return false;
  return !excludePaths.some((prefix) => path.startsWith(prefix));
}
