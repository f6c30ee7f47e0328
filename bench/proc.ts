/** CPU time and memory of processes, read from /proc (Linux), for the benches. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const HZ = 100;

function statFields(pid: number): string[] | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past its ')'.
    return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU of a live process, in ms. */
export function cpuMs(pid: number): number {
  const f = statFields(pid);
  return f ? ((Number(f[11]) + Number(f[12])) * 1000) / HZ : 0;
}

/**
 * CPU of a process and all it has spawned (in ms): its own, its reaped children's (cutime,
 * cstime: PostgreSQL backends that have exited), and its live children's.
 */
export function descendantsCpuMs(pid: number): number {
  const f = statFields(pid);
  if (!f) return 0;
  let ms = ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / HZ;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const c = statFields(Number(entry));
    if (c && Number(c[1]) === pid) ms += cpuMs(Number(entry));
  }
  return ms;
}

/** The pid of the PostgreSQL whose data folder is `pgDir` (its postmaster.pid), or 0 when there is none. */
export function postmasterPid(pgDir: string): number {
  try {
    return Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}

/** Resident memory of a live process, in MiB. */
export function rssMiB(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}
