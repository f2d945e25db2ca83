import type { SiteUser } from './wp-site.js';

export type AuthMethod = 'application-password' | 'cookie';

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** REST API calls against one site as one identity. Routes are REST routes, e.g. '/wp/v2/users/me'. */
export interface RestClient {
  fetch(route: string, init?: RequestInit): Promise<Response>;
  /** Sends `body` as JSON when given, and parses the JSON answer whatever its status. */
  json<T = unknown>(route: string, options?: { method?: string; body?: unknown }): Promise<JsonResponse<T>>;
}

function restClient(siteUrl: string, authHeaders: Readonly<Record<string, string>>): RestClient {
  const fetchRoute = (route: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(authHeaders)) headers.set(name, value);
    return fetch(`${siteUrl}/wp-json${route}`, { ...init, headers, redirect: 'manual' });
  };
  return {
    fetch: fetchRoute,
    async json<T>(route: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}) {
      const response = await fetchRoute(route, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
      });
      const text = await response.text();
      try {
        return { status: response.status, headers: response.headers, body: JSON.parse(text) as T };
      } catch {
        throw new Error(`${method} ${route} answered ${response.status} with non-JSON: ${text.slice(0, 500)}`);
      }
    },
  };
}

export function anonymousRestClient(siteUrl: string): RestClient {
  return restClient(siteUrl, {});
}

/** Authenticates every call with the user's Application Password (HTTP Basic). */
export function applicationPasswordRestClient(siteUrl: string, user: SiteUser): RestClient {
  const credentials = Buffer.from(`${user.login}:${user.appPassword}`).toString('base64');
  return restClient(siteUrl, { Authorization: `Basic ${credentials}` });
}

const testCookie = 'wordpress_test_cookie=WP%20Cookie%20check';

/** Logs in through wp-login.php and returns the session's cookies as one Cookie header. */
export async function logIn(siteUrl: string, user: Pick<SiteUser, 'login' | 'password'>): Promise<string> {
  const response = await fetch(`${siteUrl}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    // wp-login.php refuses a login unless the browser has shown it accepts cookies.
    headers: { Cookie: testCookie },
    body: new URLSearchParams({ log: user.login, pwd: user.password, testcookie: '1', redirect_to: `${siteUrl}/wp-admin/` }),
  });
  await response.arrayBuffer();
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';', 1)[0] ?? '';
    const separator = pair.indexOf('=');
    if (separator > 0) cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
  if (response.status !== 302 || ![...cookies.keys()].some((name) => name.startsWith('wordpress_logged_in_'))) {
    throw new Error(`logging in as ${user.login} failed: wp-login.php answered ${response.status}`);
  }
  return [testCookie, ...[...cookies].map(([name, value]) => `${name}=${value}`)].join('; ');
}

/** What wp-admin's own scripts do: the session cookie plus a wp_rest nonce in X-WP-Nonce. */
export async function cookieRestClient(siteUrl: string, user: SiteUser): Promise<RestClient> {
  const cookie = await logIn(siteUrl, user);
  const response = await fetch(`${siteUrl}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { Cookie: cookie } });
  const nonce = (await response.text()).trim();
  if (response.status !== 200 || !/^[0-9a-f]{10}$/.test(nonce)) {
    throw new Error(`no REST nonce for ${user.login}: admin-ajax.php answered ${response.status} ${nonce.slice(0, 100)}`);
  }
  return restClient(siteUrl, { Cookie: cookie, 'X-WP-Nonce': nonce });
}
