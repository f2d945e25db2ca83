import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface RecordingServer {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A server that is not the bridge: it records every request (with its Authorization header) and answers with
 * `answer`, e.g. a redirect to somewhere else. Tests use it to prove where a key went, or did not go.
 */
export async function startRecordingServer(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<RecordingServer> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    request.on('end', () => answer(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
