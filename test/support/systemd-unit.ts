import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** A unit file's settings: section → key → its values in order (Environment= may repeat). */
export type UnitFile = Map<string, Map<string, string[]>>;

export function parseUnit(text: string): UnitFile {
  const unit: UnitFile = new Map();
  let section = new Map<string, string[]>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = new Map();
      unit.set(header[1]!, section);
      continue;
    }
    const equals = line.indexOf('=');
    const key = line.slice(0, equals).trim();
    section.set(key, [...(section.get(key) ?? []), line.slice(equals + 1).trim()]);
  }
  return unit;
}

/** One setting of [Service] that the unit gives exactly once. */
export function single(unit: UnitFile, key: string): string {
  const values = unit.get('Service')?.get(key) ?? [];
  if (values.length !== 1) throw new Error(`the unit gives ${key}= ${values.length} times, not once`);
  return values[0]!;
}

/** `KEY=value` lines of an environment file, as systemd reads them (comments and blank lines left out). */
export function environmentFile(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith(';'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
}

export interface ConfinedRun {
  /** The unit's install location (ExecStart's script is below it) and where its files really are. */
  install: { unitPath: string; hostPath: string };
  /** The StateDirectory's path (/var/lib/<name>) and the folder that stands for it, owned by the unit's user. */
  state: { unitPath: string; hostPath: string };
  /** The EnvironmentFile's folder and the folder holding this run's copy of it. */
  settings: { unitPath: string; hostPath: string };
  user: string;
  group: string;
  workingDirectory: string;
  umask: string;
  /** The service's whole environment, in systemd's order (later wins). */
  environment: [string, string][];
  /** ExecStart, split into its words. */
  command: string[];
}

/**
 * What systemd would do to start the service, done with the kernel's own parts where systemd is not PID 1: a
 * private mount namespace (unshare) in which the unit's install, state and settings locations exist at their own
 * paths (overlays over their parents: nothing is written to the machine's /opt, /var/lib or /etc), then
 * ProtectSystem=strict (every mount read-only but the state directory), PrivateTmp= (fresh /tmp and /var/tmp),
 * ProtectHome=yes (empty read-only /home, /root, /run/user); then the unit's User/Group with NoNewPrivileges= and an
 * empty CapabilityBoundingSet= (setpriv), its WorkingDirectory and UMask, a clean environment and ExecStart.
 */
export function startConfined(run: ConfinedRun): ChildProcess {
  const script = `
set -eu
scratch=$(mktemp -d)
mount -t tmpfs tmpfs "$scratch"
place() { # place <path the unit names> <folder that stands for it>
  parent=$(dirname "$1")
  name=$(echo "$parent" | tr / _)
  mkdir -p "$scratch/$name/upper" "$scratch/$name/work"
  mount -t overlay overlay -o "lowerdir=$parent,upperdir=$scratch/$name/upper,workdir=$scratch/$name/work" "$parent"
  mkdir -p "$1"
  mount --bind "$2" "$1"
}
place "$INSTALL" "$INSTALL_HOST"
place "$STATE" "$STATE_HOST"
place "$SETTINGS" "$SETTINGS_HOST"
# As ProtectSystem=strict: all but /dev, /proc and /sys (the API file systems, which other options narrow).
for mountpoint in $(awk '$5 !~ "^/(dev|proc|sys)(/|$)" { print $5 }' /proc/self/mountinfo | sort -u); do
  mount -o remount,bind,ro "$mountpoint" 2>/dev/null || true
done
mount -o remount,bind,rw "$STATE"
if touch "$INSTALL/.write-probe" 2>/dev/null || touch /.write-probe 2>/dev/null; then
  echo "ProtectSystem=strict not in force: the system is writable" >&2
  exit 90
fi
mount -t tmpfs -o mode=1777 tmpfs /tmp
mount -t tmpfs -o mode=1777 tmpfs /var/tmp
for home in /home /root /run/user; do
  if [ -d "$home" ]; then mount -t tmpfs -o ro,mode=0755 tmpfs "$home"; fi
done
cd "$WORKING_DIRECTORY"
umask "$UNIT_UMASK"
exec setpriv --reuid="$UNIT_USER" --regid="$UNIT_GROUP" --init-groups --no-new-privs --bounding-set=-all --inh-caps=-all \\
  env -i "$@"
`;
  const variables = {
    INSTALL: run.install.unitPath,
    INSTALL_HOST: run.install.hostPath,
    STATE: run.state.unitPath,
    STATE_HOST: run.state.hostPath,
    SETTINGS: run.settings.unitPath,
    SETTINGS_HOST: run.settings.hostPath,
    WORKING_DIRECTORY: run.workingDirectory,
    UNIT_UMASK: run.umask,
    UNIT_USER: run.user,
    UNIT_GROUP: run.group,
  };
  const environment = run.environment.map(([key, value]) => `${key}=${value}`);
  return spawn('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', script, 'sh', ...environment, ...run.command], {
    env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', ...variables },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The uid and the values of a few lines of /proc/<pid>/status. */
export function processStatus(pid: number): { uid: number; noNewPrivs: string; capabilityBoundingSet: string; umask: string } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1]?.trim() ?? '';
  return {
    uid: Number(field('Uid').split(/\s+/)[0]),
    noNewPrivs: field('NoNewPrivs'),
    capabilityBoundingSet: field('CapBnd'),
    umask: field('Umask'),
  };
}
