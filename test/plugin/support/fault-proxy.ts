import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does to requests that match a rule, instead of (or before) passing them on. */
export type Fault =
  | { kind: 'reset' }
  | { kind: 'delay'; ms: number }
  | { kind: 'status'; status: number; headers?: Record<string, string>; times: number }
  /** Passes the request on to the bridge, then cuts the connection instead of answering: a lost answer. */
  | { kind: 'drop-answer'; times: number };

interface Rule {
  method: string;
  path: RegExp;
  fault: Fault;
}

export interface FaultProxy {
  url: string;
  /** Requests seen, as "METHOD /path". */
  seen: string[];
  /** The same requests with their headers and bodies. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  inject(method: string, path: RegExp, fault: Fault): void;
  /** Sends every request with this bearer key instead of the caller's (another real account). */
  useKey(key: string | undefined): void;
  clear(): void;
  close(): Promise<void>;
}

/**
 * A pass-through HTTP proxy in front of the real bridge that can break chosen requests: cut the connection,
 * answer late, or answer with a status first. Everything it does not break reaches the real bridge.
 */
export async function startFaultProxy(target: () => string): Promise<FaultProxy> {
  let rules: Rule[] = [];
  let key: string | undefined;
  const seen: string[] = [];
  const requests: FaultProxy['requests'] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = request.url ?? '/';
      seen.push(`${request.method} ${path}`);
      requests.push({ method: request.method ?? '', path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const rule = rules.find((r) => r.method === request.method && r.path.test(path));
      if (rule?.fault.kind === 'reset') {
        request.socket.destroy();
        return;
      }
      if (rule?.fault.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, (rule.fault as { ms: number }).ms));
      if (rule?.fault.kind === 'status' && rule.fault.times > 0) {
        rule.fault.times -= 1;
        response.writeHead(rule.fault.status, { 'Content-Type': 'application/json', ...rule.fault.headers });
        response.end(JSON.stringify({ error: { message: 'Injected by the test proxy.', code: 'unavailable', status: rule.fault.status } }));
        return;
      }
      const headers = { ...request.headers };
      delete headers.host;
      if (key !== undefined) headers.authorization = `Bearer ${key}`;
      try {
        const upstream = await fetch(`${target()}${path}`, {
          method: request.method,
          headers: headers as Record<string, string>,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        });
        const body = Buffer.from(await upstream.arrayBuffer());
        const out: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
        });
        if (rule?.fault.kind === 'drop-answer' && rule.fault.times > 0) {
          rule.fault.times -= 1;
          request.socket.destroy();
          return;
        }
        response.writeHead(upstream.status, out);
        response.end(body);
      } catch {
        // The bridge itself is down: behave like it, a refused connection.
        request.socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    requests,
    inject(method, path, fault) {
      rules.push({ method, path, fault });
    },
    useKey(next) {
      key = next;
    },
    clear() {
      rules = [];
      key = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
