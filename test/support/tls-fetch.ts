import https from 'node:https';

/**
 * A `fetch` over HTTPS that trusts `ca` (a test's self-signed certificate) and, when given, connects from
 * `localAddress` (another loopback address: another client, as far as a proxy can tell). Never follows redirects.
 */
export function tlsFetch(ca: string, localAddress?: string): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body === undefined || init.body === null ? undefined : Buffer.from(init.body as string | Uint8Array);
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const request = https.request(
        url,
        { method: init.method ?? 'GET', headers, ca, ...(localAddress ? { localAddress } : {}), agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const item of Array.isArray(value) ? value : [value ?? '']) answer.append(name, item);
            }
            const status = response.statusCode ?? 0;
            const empty = status === 204 || status === 304 || init.method === 'HEAD';
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }) as typeof fetch;
}
