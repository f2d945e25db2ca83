import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The configuration operators install (docs/operators.md): the test runs it, not a copy of it. */
export const DEPLOYED_CONFIG = path.join(ROOT, 'deploy/nginx/interlinker.conf');
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

export interface NginxProxy {
  httpsUrl: string;
  httpUrl: string;
  /** The self-signed certificate (PEM) nginx serves, to trust in the test's client. */
  certificate: string;
  /** What nginx wrote to its error log. */
  errors(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `text` with `from` replaced by `to`, which must occur exactly once (else the deployed file no longer fits the test). */
function replaceOnce(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`${DEPLOYED_CONFIG} holds "${from}" ${count} times, not once: update the file or this test.`);
  return text.replace(from, to);
}

/**
 * Debian's nginx in the foreground, running deploy/nginx/interlinker.conf in front of the bridge on `bridgePort`: the
 * ports, the certificate (self-signed by openssl for 127.0.0.1, in a temporary directory) and the upstream address
 * replaced, nothing else. Fails with a clear message when nginx is missing or does not start.
 */
export async function startNginxProxy(bridgePort: number): Promise<NginxProxy> {
  const nginx = NGINX_CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (nginx === undefined) {
    throw new Error('nginx is not installed: run `sudo bash scripts/install-system-deps.sh` (Debian package nginx-light).');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-nginx-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile,
  ], { stdio: 'pipe' });

  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  let site = fs.readFileSync(DEPLOYED_CONFIG, 'utf8');
  site = replaceOnce(site, 'server 127.0.0.1:7700;', `server 127.0.0.1:${bridgePort};`);
  site = replaceOnce(site, '    listen 80;\n', `    listen 127.0.0.1:${httpPort};\n`);
  site = replaceOnce(site, '    listen [::]:80;\n', '');
  site = replaceOnce(site, '    listen 443 ssl;\n', `    listen 127.0.0.1:${httpsPort} ssl;\n`);
  site = replaceOnce(site, '    listen [::]:443 ssl;\n', '');
  site = replaceOnce(site, '/etc/ssl/interlinker/fullchain.pem', certFile);
  site = replaceOnce(site, '/etc/ssl/interlinker/privkey.pem', keyFile);
  fs.writeFileSync(path.join(dir, 'interlinker.conf'), site);

  const errorLog = path.join(dir, 'error.log');
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // Root's workers would otherwise run as nobody, who cannot read the key in this private directory.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} info;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${path.join(dir, 'access.log')};`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(dir, 'interlinker.conf')};`,
      '}',
      '',
    ].join('\n'),
  );

  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const errors = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const said = `${output}\n${errors()}`.trim();
      await stop();
      throw new Error(`nginx could not start with ${DEPLOYED_CONFIG} (exit ${child.exitCode}): ${said}`);
    }
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(httpsPort, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > deadline) {
      const said = `${output}\n${errors()}`.trim();
      await stop();
      throw new Error(`nginx did not listen on ${httpsPort} within 10 s: ${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    certificate: fs.readFileSync(certFile, 'utf8'),
    errors,
    stop,
  };
}
