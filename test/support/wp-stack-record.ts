import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commandLineOf, processGroupMembers, stopProcessGroup } from './wp-processes.js';

/**
 * What a running stack leaves in .tmp/<name>/stack.json, so that another process (scripts/wp/stop.sh, or the next
 * start of the same name) can stop it. `summary` is whatever the starter wants humans and scripts to read.
 */
export interface StackRecord {
  dir: string;
  processGroups: number[];
  summary?: unknown;
}

const recordFile = (dir: string): string => path.join(dir, 'stack.json');

export function writeStackRecord(record: StackRecord): void {
  writeFileSync(recordFile(record.dir), `${JSON.stringify(record, null, 2)}\n`);
}

export function readStackRecord(dir: string): StackRecord | undefined {
  const file = recordFile(dir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StackRecord) : undefined;
}

// A recorded group counts as the stack's only while one of its processes still names the stack's folder:
// after a reboot the same ids may belong to someone else.
function belongsToStack(processGroup: number, dir: string): boolean {
  return processGroupMembers(processGroup).some((pid) => commandLineOf(pid)?.includes(dir) ?? false);
}

/** Stops every process the stack in `dir` recorded (waiting until they are gone) and forgets them. */
export async function stopRecordedStack(dir: string): Promise<void> {
  const record = readStackRecord(dir);
  if (record === undefined) return;
  await Promise.all(
    record.processGroups.filter((group) => belongsToStack(group, dir)).map((group) => stopProcessGroup(group)),
  );
  rmSync(recordFile(dir), { force: true });
}
