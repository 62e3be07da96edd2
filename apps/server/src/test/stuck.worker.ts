import { readdirSync, readFileSync } from 'node:fs';
import runAnalysis, { type AnalysisTask, type AnalysisOutcome } from '../modules/analysis/analysis.worker';

/**
 * The analysis worker, except that an analysis of a site under /stuck blocks its thread for good
 * once it holds a page slot and its Chromium is running: a thread the pool can only terminate,
 * as a worker stuck in a CPU loop would be (test code only).
 */
export default async function stuckWorker(task: AnalysisTask): Promise<AnalysisOutcome> {
  if ('site' in task && new URL(task.site).pathname.startsWith('/stuck'))
    task.port?.on('message', (message: unknown) => {
      if ((message as { kind?: string }).kind !== 'granted') return;
      const timer = setInterval(() => {
        if (!hasChromiumChild()) return;
        clearInterval(timer);
        for (;;);
      }, 20);
    });
  return runAnalysis(task);
}

/** Whether a live Chromium process is a child of this process (the threads share its pid). */
function hasChromiumChild(): boolean {
  return readdirSync('/proc').some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(ppid) === process.pid && state !== 'Z' && /chrom/i.test(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      return false;
    }
  });
}
