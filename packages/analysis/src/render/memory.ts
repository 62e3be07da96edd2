/**
 * The memory of one headless Chromium, read from /proc: its process tree (found by a switch only
 * that browser carries), what the tree holds in memory, and the SIGKILL that frees it. Chromium's
 * own caps do not bound a page: `--max-old-space-size` leaves ArrayBuffers out, and one page
 * allocated 2 GB of them (issue 24). So a page is measured from outside and killed past a ceiling
 * (docs/decisions/0006-browser-path.md, "Memory"). Linux only: elsewhere nothing is found, nothing
 * is measured and only the time budget holds.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** What a process tree holds in memory. */
export interface MemorySample {
  /**
   * Private resident memory summed over the tree (RssAnon + RssShmem of /proc/<pid>/status): heaps,
   * ArrayBuffers, shared-memory buffers. This is what the ceiling counts; file-backed pages
   * (the Chromium binary and libraries, the same pages mapped by every process) are left out.
   */
  bytes: number;
  /** VmRSS summed over the tree, file-backed pages counted once per process (about 600 MB more for an idle browser). */
  rssBytes: number;
  /** Processes in the tree. */
  processes: number;
  /** Renderer processes (`--type=renderer`). */
  renderers: number;
}

/** How often a watched browser is measured: a page allocating 1.3 GB/s gains about 260 MB between two looks. */
export const MEMORY_POLL_MS = 200;

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return undefined;
  }
}

/**
 * The arguments of a process. Chromium's zygote children rewrite their command line as one
 * string joined by spaces (a renderer reads `chromium --type=renderer …` in a single argument).
 */
function argsOf(pid: number | string): string[] | undefined {
  return readText(`/proc/${pid}/cmdline`)?.split(/[\0 ]/);
}

function listDir(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/** Processes whose command line carries `marker` and that are not one of Chromium's children (`--type=…`): the browser itself. */
export function findBrowserRoots(marker: string): number[] {
  const roots: number[] = [];
  for (const entry of listDir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = argsOf(entry);
    if (args?.includes(marker) && !args.some((arg) => arg.startsWith('--type='))) roots.push(Number(entry));
  }
  return roots;
}

/**
 * Chromium's children that start no process of their own (every child is started by the browser
 * process, through its zygotes): their threads (dozens each) need not be asked for children.
 */
const CHILDLESS_TYPES = ['--type=renderer', '--type=gpu-process', '--type=utility'];

/** The given processes and all their descendants (through /proc/<pid>/task/<tid>/children, so no scan of every process). */
export function processTree(roots: readonly number[]): number[] {
  const seen = new Set<number>();
  const queue = [...roots];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    if (argsOf(pid)?.some((arg) => CHILDLESS_TYPES.includes(arg))) continue;
    for (const task of listDir(`/proc/${pid}/task`)) {
      const children = readText(`/proc/${pid}/task/${task}/children`)?.trim();
      if (children) for (const child of children.split(' ')) queue.push(Number(child));
    }
  }
  return [...seen];
}

/** Measures a list of processes (one that has exited, or a zombie, counts as nothing). */
export function measureProcesses(pids: readonly number[]): MemorySample {
  const sample: MemorySample = { bytes: 0, rssBytes: 0, processes: 0, renderers: 0 };
  for (const pid of pids) {
    const status = readText(`/proc/${pid}/status`);
    // A zombie (a browser whose thread was stopped, not yet reaped) holds no memory.
    if (!status || /^State:\s+Z/m.test(status)) continue;
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
    sample.bytes += kib('RssAnon') + kib('RssShmem');
    sample.rssBytes += kib('VmRSS');
    sample.processes++;
    if (argsOf(pid)?.includes('--type=renderer')) sample.renderers++;
  }
  return sample;
}

/** Sends SIGKILL to every process of the list, the browser first so that it starts no new child. */
export function killProcesses(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** A running watch of one browser's memory. */
export interface MemoryWatch {
  /** The largest sample seen (bytes: private resident memory of the whole tree). */
  readonly peak: MemorySample;
  stop(): void;
}

/**
 * Measures the process tree of the browser whose command line carries `marker` every
 * MEMORY_POLL_MS and, the first time it holds more than `ceilingBytes`, kills the whole tree
 * (SIGKILL: a renderer allocating in a loop would not answer a polite close in time) and calls
 * `onExceeded` with the sample. The browser's pid is looked up once (a scan of /proc) and its
 * children at every look, since a page can start processes at any moment.
 */
export function watchBrowserMemory(marker: string, ceilingBytes: number, onExceeded: (sample: MemorySample) => void): MemoryWatch {
  let roots: number[] = [];
  const peak: MemorySample = { bytes: 0, rssBytes: 0, processes: 0, renderers: 0 };
  const look = () => {
    // A relaunched browser has a new pid; a pid whose command line changed is not ours any more.
    if (roots.length === 0 || !roots.every((pid) => argsOf(pid)?.includes(marker))) roots = findBrowserRoots(marker);
    if (roots.length === 0) return;
    const tree = processTree(roots);
    const sample = measureProcesses(tree);
    if (sample.bytes > peak.bytes) Object.assign(peak, sample);
    if (sample.bytes <= ceilingBytes) return;
    clearInterval(timer);
    killProcesses(tree);
    onExceeded(sample);
  };
  const timer = setInterval(look, MEMORY_POLL_MS);
  timer.unref();
  look();
  return { peak, stop: () => clearInterval(timer) };
}
