// When a process started, to tell a lock's holder from another process that
// got its pid later. Linux gives it in /proc/<pid>/stat (field 22, clock
// ticks since boot); elsewhere it is unknown and the pid alone is used.
import { readFileSync } from 'node:fs';

export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19]; // field 22 of the whole line
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}
