import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../bridge/src/config.js';

// deploy/: what operators install (docs/operators.md). test/api/nginx-proxy.test.ts runs the nginx configuration.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const UNIT = path.join(ROOT, 'deploy/systemd/interlinker-bridge.service');
const ENV_EXAMPLE = path.join(ROOT, 'deploy/systemd/bridge.env.example');
const NGINX = path.join(ROOT, 'deploy/nginx/interlinker.conf');

/** `KEY=value` lines of a unit's section or an environment file, comments and blank lines left out. */
function settings(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('[') && line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
}

describe('the systemd unit (deploy/systemd/interlinker-bridge.service)', () => {
  it('when systemd reads it, then it has no unknown or invalid setting', () => {
    // A copy under the unit's own name: verify reads the unit type from the file name.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-unit-'));
    try {
      const copy = path.join(dir, 'interlinker-bridge.service');
      fs.copyFileSync(UNIT, copy);
      const run = spawnSync('systemd-analyze', ['verify', '--man=no', copy], { encoding: 'utf8' });
      if (run.error) throw new Error(`systemd-analyze could not run (${run.error.message}): run \`sudo bash scripts/install-system-deps.sh\` (Debian package systemd).`);
      // Unknown keys and bad values are warnings on stderr, with exit status 0.
      expect(`${run.stdout}${run.stderr}`).toBe('');
      expect(run.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when it runs the bridge, then it does so as its own user, confined, with the database in its state directory and the settings file', () => {
    const unit = new Map<string, string[]>();
    for (const [key, value] of settings(fs.readFileSync(UNIT, 'utf8'))) unit.set(key, [...(unit.get(key) ?? []), value]);
    expect(unit.get('User')).toEqual(['interlinker']);
    expect(unit.get('StateDirectory')).toEqual(['interlinker']);
    expect(unit.get('ProtectSystem')).toEqual(['strict']);
    expect(unit.get('Restart')).toEqual(['on-failure']);
    expect(unit.get('EnvironmentFile')).toEqual(['/etc/interlinker/bridge.env']);
    expect(unit.get('Environment')).toContain('INTERLINKER_DB=/var/lib/interlinker/interlinker.db');
    const [node, script, command] = unit.get('ExecStart')![0]!.split(' ');
    expect(node).toBe('/usr/bin/node');
    expect(script!.startsWith('/opt/interlinker/')).toBe(true);
    expect(fs.existsSync(path.join(ROOT, script!.slice('/opt/interlinker/'.length)))).toBe(true);
    expect(command).toBe('serve');
  });

  it('when the example settings file is read as the environment, then the bridge accepts it behind one proxy on the loopback', () => {
    const env = Object.fromEntries(settings(fs.readFileSync(ENV_EXAMPLE, 'utf8')));
    const config = loadConfig(env);
    expect(config).toMatchObject({ host: '127.0.0.1', port: 7700, trustProxy: 1, metricsToken: null });
    expect(() => loadConfig({ ...env, INTERLINKER_METRICS_TOKEN: 'too-short' })).toThrow(/INTERLINKER_METRICS_TOKEN/);
  });
});

describe('the nginx configuration (deploy/nginx/interlinker.conf)', () => {
  it("when it limits bodies, then its limit is the bridge's default body limit, and it proxies to the unit's address", () => {
    const conf = fs.readFileSync(NGINX, 'utf8');
    const size = /client_max_body_size (\d+)m;/.exec(conf);
    expect(Number(size?.[1]) * 1024 * 1024).toBe(loadConfig({}).bodyLimitBytes);
    const env = Object.fromEntries(settings(fs.readFileSync(ENV_EXAMPLE, 'utf8')));
    expect(conf).toContain(`server ${env.HOST}:${env.PORT};`);
  });
});
