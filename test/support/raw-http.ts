import net from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

/** A raw request: exactly these bytes, on a new connection to 127.0.0.1 (nothing is checked or fixed on the way). */
export interface RawRequest {
  method: string;
  target: string;
  headers?: [string, string][];
  body?: Buffer | string;
}

/** The bytes of a request; `Content-Length` is added for a body unless the headers set a length or chunking. */
export function requestBytes(request: RawRequest): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers = [...(request.headers ?? [])];
  const names = new Set(headers.map(([name]) => name.toLowerCase()));
  if (!names.has('host')) headers.unshift(['Host', '127.0.0.1']);
  if (body && !names.has('content-length') && !names.has('transfer-encoding')) headers.push(['Content-Length', String(body.length)]);
  if (!names.has('connection')) headers.push(['Connection', 'close']);
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body ?? Buffer.alloc(0)]);
}

/** Parses the first response of a connection's bytes; null when there is none (the server closed without one). */
export function parseResponse(bytes: Buffer, headRequest = false): RawResponse | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let rest = bytes.subarray(end + 4);
  if (headRequest) rest = Buffer.alloc(0);
  else if (headers['content-length'] !== undefined) rest = rest.subarray(0, Number(headers['content-length']));
  else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) rest = dechunk(rest);
  return { status: Number(match[1]), headers, body: rest.toString('utf8') };
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * Sends raw bytes to 127.0.0.1:`port` and reads until the server closes (requests say `Connection: close`) or
 * `timeoutMs` passes. Only loopback: these tests never reach another host.
 */
export function sendRaw(port: number, bytes: Buffer, timeoutMs = 10_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {
      // A reset after the answer (the server closed while we were still sending) still leaves the answer.
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    socket.end(bytes);
  });
}

export async function rawRequest(port: number, request: RawRequest, timeoutMs?: number): Promise<RawResponse | null> {
  return parseResponse(await sendRaw(port, requestBytes(request), timeoutMs), request.method === 'HEAD');
}
