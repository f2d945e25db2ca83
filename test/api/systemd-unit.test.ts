import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { FIXTURE_DOMAIN, FIXTURE_PAGES } from '../support/fixture-site.js';
import { environmentFile, parseUnit, processStatus, single, startConfined } from '../support/systemd-unit.js';
import { freePort } from '../support/wp-network.js';

// systemd is not PID 1 here (a container), so `systemctl start` cannot run the unit: these tests run what the unit
// declares as systemd would, and ask systemd-analyze about the confinement they cannot apply (docs/operators.md).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const UNIT_FILE = path.join(ROOT, 'deploy/systemd/interlinker-bridge.service');
const ENV_EXAMPLE = path.join(ROOT, 'deploy/systemd/bridge.env.example');
/** Where the unit's comments install the repository; ExecStart's script lies below it. */
const INSTALL_DIR = '/opt/interlinker';
/** [Service] settings that say how the service runs; all the others confine it. */
const RUN_SETTINGS = new Set([
  'Type', 'User', 'Group', 'StateDirectory', 'StateDirectoryMode', 'WorkingDirectory', 'Environment', 'EnvironmentFile',
  'ExecStart', 'KillSignal', 'TimeoutStopSec', 'Restart', 'RestartSec', 'LimitNOFILE',
]);
/** What systemd gives every service before the unit's own Environment= (systemd.exec(5), "Environment variables"). */
const SYSTEMD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const unit = parseUnit(fs.readFileSync(UNIT_FILE, 'utf8'));

describe('the systemd unit (deploy/systemd/interlinker-bridge.service), where systemd is not PID 1', () => {
  it('when asked, then this machine cannot start units: its PID 1 is no systemd', () => {
    // If this fails, systemd runs here: start the unit with systemctl instead, and say so in docs/operators.md.
    expect(fs.readFileSync('/proc/1/comm', 'utf8').trim()).not.toBe('systemd');
  });

  it("when systemd-analyze assesses its confinement, then every hardening setting takes effect; only the sockets a network service needs stay open", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-unit-'));
    try {
      fs.copyFileSync(UNIT_FILE, path.join(dir, 'interlinker-bridge.service'));
      const run = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', path.join(dir, 'interlinker-bridge.service')], { encoding: 'utf8' });
      if (run.error) throw new Error(`systemd-analyze could not run (${run.error.message}): run \`sudo bash scripts/install-system-deps.sh\`.`);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const checks = run.stdout.split('\n').flatMap((line) => {
        const match = /^([✓✗]) (\S+?)=(\S*)/.exec(line);
        return match ? [{ passed: match[1] === '✓', setting: match[2]!, detail: match[3]! }] : [];
      });
      const hardening = [...unit.get('Service')!.keys()].filter((key) => !RUN_SETTINGS.has(key));
      expect(hardening).toEqual(expect.arrayContaining(['ProtectSystem', 'PrivateTmp', 'NoNewPrivileges', 'CapabilityBoundingSet', 'UMask']));
      for (const setting of hardening) {
        const own = checks.filter((check) => check.setting === setting);
        expect(own.some((check) => check.passed), `${setting}= is assessed and takes effect`).toBe(true);
        const failed = own.filter((check) => !check.passed).map((check) => check.detail);
        expect(failed, `${setting}= leaves open`).toEqual(setting === 'RestrictAddressFamilies' ? ['~AF_UNIX', '~AF_(INET|INET6)'] : []);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the unit\'s ExecStart, run as the unit declares it (its user, environment, directories, umask, read-only system)', () => {
  const user = single(unit, 'User');
  const group = single(unit, 'Group');
  const stateDirectory = `/var/lib/${single(unit, 'StateDirectory')}`;
  const settingsFile = single(unit, 'EnvironmentFile');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-unit-run-'));
  const stateHost = path.join(scratch, 'state');
  const settingsHost = path.join(scratch, 'settings');
  let port: number;
  let bridge: ChildProcess;
  let output = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let ids: { uid: number; gid: number };

  beforeAll(async () => {
    if (process.getuid?.() !== 0) throw new Error('running a unit as its user needs root (as systemd is)');
    const passwd = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    if (passwd.status !== 0) throw new Error(`no user ${user}: run \`sudo bash scripts/install-system-deps.sh\` (it creates the unit's user as docs/operators.md does)`);
    ids = { uid: Number(passwd.stdout.trim()), gid: Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim()) };

    // What systemd does for StateDirectory=: the folder, owned by the unit's user, with StateDirectoryMode=.
    fs.mkdirSync(stateHost, { mode: Number.parseInt(single(unit, 'StateDirectoryMode'), 8) });
    fs.chmodSync(stateHost, Number.parseInt(single(unit, 'StateDirectoryMode'), 8));
    fs.chownSync(stateHost, ids.uid, ids.gid);
    // The operator's settings file: the example, with a port free on this machine.
    port = await freePort();
    fs.mkdirSync(settingsHost);
    const settings = environmentFile(fs.readFileSync(ENV_EXAMPLE, 'utf8')).map(([key, value]): [string, string] => [key, key === 'PORT' ? String(port) : value]);
    fs.writeFileSync(path.join(settingsHost, path.basename(settingsFile)), settings.map(([key, value]) => `${key}=${value}\n`).join(''));

    const home = spawnSync('getent', ['passwd', user], { encoding: 'utf8' }).stdout.trim().split(':');
    const environment: [string, string][] = [
      ['PATH', SYSTEMD_PATH],
      ['USER', user],
      ['LOGNAME', user],
      ['HOME', home[5]!],
      ['SHELL', home[6]!],
      ['STATE_DIRECTORY', stateDirectory],
      ...unit.get('Service')!.get('Environment')!.map((line): [string, string] => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      ...settings,
    ];
    const execStart = single(unit, 'ExecStart');
    // Split on spaces only when systemd would too: no quotes, specifiers or variables to expand.
    expect(execStart).not.toMatch(/["'%$\\]/);
    bridge = startConfined({
      install: { unitPath: INSTALL_DIR, hostPath: ROOT },
      state: { unitPath: stateDirectory, hostPath: stateHost },
      settings: { unitPath: path.dirname(settingsFile), hostPath: settingsHost },
      user,
      group,
      workingDirectory: single(unit, 'WorkingDirectory'),
      umask: single(unit, 'UMask'),
      environment,
      command: execStart.split(/\s+/),
    });
    bridge.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    bridge.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => bridge.once('exit', (code, signal) => resolve({ code, signal })));

    const deadline = Date.now() + 20_000;
    for (;;) {
      if (bridge.exitCode !== null) throw new Error(`the unit's ExecStart exited with ${bridge.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the unit's bridge did not answer within 20 s:\n${output}`);
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    if (bridge && bridge.exitCode === null && bridge.signalCode === null) {
      bridge.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('when started, then /healthz answers on the port of the settings file, from a process of the unit\'s user without privileges', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect((await health.json()).data.version).toMatch(/^\d+\.\d+\.\d+/);

    const status = processStatus(bridge.pid!);
    expect(status.uid).toBe(ids.uid);
    expect(status.noNewPrivs).toBe('1');
    expect(status.capabilityBoundingSet).toBe('0000000000000000');
    expect(status.umask).toBe(single(unit, 'UMask'));
  });

  it('when a site syncs through it, then the database is written in the state directory only, readable by the unit\'s user alone', async () => {
    const key = /^\s+(ilk_\S+)\s*$/m.exec(output)?.[1];
    expect(key, output).toBeDefined();
    const client = new InterlinkerClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: key! });
    const project = await client.createProject({ name: 'Under systemd', domain: FIXTURE_DOMAIN });
    const synced = await client.syncPages(project.id, FIXTURE_PAGES);
    expect({ synced: synced.synced, failed: synced.failed }).toEqual({ synced: FIXTURE_PAGES.length, failed: 0 });

    const databaseFile = path.basename(environmentFile(unit.get('Service')!.get('Environment')!.join('\n')).find(([name]) => name === 'INTERLINKER_DB')![1]);
    const files = fs.readdirSync(stateHost);
    expect(files).toContain(databaseFile);
    for (const file of files) {
      const stat = fs.statSync(path.join(stateHost, file));
      expect({ file, uid: stat.uid, mode: (stat.mode & 0o777).toString(8) }).toEqual({ file, uid: ids.uid, mode: '600' });
    }
  });

  it('when systemd would stop it (KillSignal=), then it shuts down cleanly within TimeoutStopSec=', async () => {
    const started = Date.now();
    bridge.kill(single(unit, 'KillSignal') as NodeJS.Signals);
    const { code, signal } = await exited;

    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(Number(single(unit, 'TimeoutStopSec')) * 1000);
    expect(output).toMatch(/shutting down/);
  });
});
