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

interface Framed {
  response: RawResponse;
  /** All of the body has arrived (by Content-Length or the last chunk); otherwise it ends when the server closes. */
  complete: boolean;
}

/** The first final (non-1xx) response in a connection's bytes, or null when its head has not all arrived. */
function frame(bytes: Buffer, headRequest: boolean): Framed | null {
  let start = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start);
    if (end === -1) return null;
    const [statusLine = '', ...lines] = bytes.subarray(start, end).toString('latin1').split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!match) return null;
    const status = Number(match[1]);
    if (status >= 100 && status < 200) {
      start = end + 4;
      continue;
    }
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const rest = bytes.subarray(end + 4);
    if (headRequest || status === 204 || status === 304) return { response: { status, headers, body: '' }, complete: true };
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      return { response: { status, headers, body: rest.subarray(0, length).toString('utf8') }, complete: rest.length >= length };
    }
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const { body, complete } = dechunk(rest);
      return { response: { status, headers, body: body.toString('utf8') }, complete };
    }
    return { response: { status, headers, body: rest.toString('utf8') }, complete: false };
  }
}

function dechunk(bytes: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) return { body: Buffer.concat(parts), complete: false };
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return { body: Buffer.concat(parts), complete: false };
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Parses the first final response of a connection's bytes; null when there is none (closed without one). */
export function parseResponse(bytes: Buffer, headRequest = false): RawResponse | null {
  return frame(bytes, headRequest)?.response ?? null;
}

/**
 * Sends raw bytes to 127.0.0.1:`port` and reads the first final response: until it is complete, the server closes,
 * or `timeoutMs` passes. Only loopback: these tests never reach another host.
 */
export function sendRaw(port: number, bytes: Buffer, timeoutMs = 10_000, headRequest = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks));
    };
    const timer = setTimeout(() => {
      done = true;
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (frame(Buffer.concat(chunks), headRequest)?.complete) finish();
    });
    socket.on('error', () => {
      // A reset after the answer (the server closed while we were still sending) still leaves the answer.
    });
    socket.on('close', finish);
    socket.write(bytes);
  });
}

export async function rawRequest(port: number, request: RawRequest, timeoutMs?: number): Promise<RawResponse | null> {
  const head = request.method === 'HEAD';
  return parseResponse(await sendRaw(port, requestBytes(request), timeoutMs, head), head);
}
