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
const TEMPLATE_UNIT = path.join(ROOT, 'deploy/systemd/interlinker-bridge@.service');
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

/** What `systemd-analyze verify` says of `unitFile` installed as `name` (verify reads the unit type from the file name). */
function verifyUnit(unitFile: string, name: string): { output: string; status: number | null } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-unit-'));
  try {
    const copy = path.join(dir, name);
    fs.copyFileSync(unitFile, copy);
    const run = spawnSync('systemd-analyze', ['verify', '--man=no', copy], { encoding: 'utf8' });
    if (run.error) throw new Error(`systemd-analyze could not run (${run.error.message}): run \`sudo bash scripts/install-system-deps.sh\` (Debian package systemd).`);
    return { output: `${run.stdout}${run.stderr}`, status: run.status };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A unit's settings by key, each with its values in order. */
function unitSettings(unitFile: string): Map<string, string[]> {
  const unit = new Map<string, string[]>();
  for (const [key, value] of settings(fs.readFileSync(unitFile, 'utf8'))) unit.set(key, [...(unit.get(key) ?? []), value]);
  return unit;
}

describe('the systemd unit (deploy/systemd/interlinker-bridge.service)', () => {
  it('when systemd reads it, then it has no unknown or invalid setting', () => {
    // Unknown keys and bad values are warnings on stderr, with exit status 0.
    expect(verifyUnit(UNIT, 'interlinker-bridge.service')).toEqual({ output: '', status: 0 });
  });

  it('when it runs the bridge, then it does so as its own user, confined, with the database in its state directory and the settings file', () => {
    const unit = unitSettings(UNIT);
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

describe('the template unit of several bridges (deploy/systemd/interlinker-bridge@.service)', () => {
  it('when systemd reads an instance of it, then it has no unknown or invalid setting', () => {
    expect(verifyUnit(TEMPLATE_UNIT, 'interlinker-bridge@7701.service')).toEqual({ output: '', status: 0 });
  });

  it('when it runs a bridge, then it is the single unit on the instance\'s port, with the same user and confinement and no SQLite file', () => {
    const single = unitSettings(UNIT);
    const template = unitSettings(TEMPLATE_UNIT);
    const [, ...command] = template.get('ExecStart')![0]!.split(' ');
    expect(template.get('ExecStart')![0]!.split(' ')[0]).toBe('/usr/bin/env');
    expect(command.join(' ')).toBe(`PORT=%i ${single.get('ExecStart')![0]}`);
    expect(template.get('Environment')).toEqual(single.get('Environment')!.filter((value) => !value.startsWith('INTERLINKER_DB=')));
    const rest = (unit: Map<string, string[]>) => [...unit].filter(([key]) => !['Description', 'Environment', 'ExecStart'].includes(key));
    expect(rest(template)).toEqual(rest(single));
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
