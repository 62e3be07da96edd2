import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

/** Where the headless browser is and how many pages it may render at once. */
export interface BrowserSettings {
  /** Chromium executable, e.g. /usr/bin/chromium. */
  executablePath: string;
  /** Pages rendering at once in this thread when `pageSlots` is not given. Default 2. */
  maxPages?: number;
  /**
   * Where page slots come from. The server's worker threads ask the main thread, whose one FIFO
   * holds for the whole process and takes back every slot of a thread it stopped (a counter in
   * shared memory cannot: a terminated thread never decrements it). Default: a FIFO of
   * `maxPages` for this thread.
   */
  pageSlots?: PageSlots;
}

/** A fixed number of page slots, handed out first come, first served. */
export interface PageSlots {
  /**
   * Waits for a slot behind every earlier caller; resolves with the function that gives it back
   * (idempotent), rejects with the signal's reason when the signal ends the wait first.
   */
  acquire(signal: AbortSignal): Promise<() => void>;
}

/** A FIFO of `max` page slots in the calling thread, with what it holds and how many wait (for tests and metrics). */
export function createPageSlots(max: number): PageSlots & { readonly inUse: number; readonly waiting: number } {
  let inUse = 0;
  const queue: Array<() => void> = [];
  // Every release and every arrival hands free slots to the oldest waiters: no polling, no overtaking.
  const grant = () => {
    while (inUse < max && queue.length > 0) {
      inUse++;
      queue.shift()!();
    }
  };
  return {
    acquire(signal: AbortSignal): Promise<() => void> {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(signal.reason);
        };
        const waiter = () => {
          signal.removeEventListener('abort', onAbort);
          let isReleased = false;
          resolve(() => {
            if (isReleased) return;
            isReleased = true;
            inUse--;
            grant();
          });
        };
        queue.push(waiter);
        signal.addEventListener('abort', onAbort, { once: true });
        grant();
      });
    },
    get inUse() {
      return inUse;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Time a launched browser stays up without pages before it is closed (memory back). */
const IDLE_CLOSE_MS = 30_000;

/** The switches every headless Chromium of this project starts with (the analyzer's, the browser journeys', the benches'). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Switches for a browser that must never reach the network by itself: every request is
 * fulfilled by the guarded fetcher through routing, and anything that slips past routing meets a
 * proxy that answers nothing (loopback included: `<-loopback>` removes Chromium's implicit
 * loopback bypass), a resolver that resolves nothing, and WebRTC without its own UDP.
 *
 * Memory: site isolation is off, so `--renderer-process-limit=2` holds (with it, every site a
 * page frames got a renderer of its own: 40 cross-site iframes started 42 renderer processes,
 * issue 24). Only `--disable-site-isolation-trials` does it here: a `--disable-features` of ours
 * would replace Playwright's own list (the last such switch wins, measured on Chromium 156) and
 * turn what it disables (HTTPS upgrades among others) back on. What a page allocates is bounded
 * by the render's memory watch (render/memory.ts), not by V8's heap cap, which leaves
 * ArrayBuffers out.
 */
function browserArgs(deadProxyPort: number): string[] {
  return [
    ...CHROMIUM_FLAGS,
    '--disable-dev-shm-usage',
    '--disable-extensions',
    '--disable-default-apps',
    '--disable-domain-reliability',
    '--dns-prefetch-disable',
    '--no-pings',
    '--mute-audio',
    '--blink-settings=imagesEnabled=false',
    '--renderer-process-limit=2',
    '--disable-site-isolation-trials',
    '--js-flags=--max-old-space-size=256',
    proxySwitch(deadProxyPort),
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  ];
}

/** The dead-proxy switch: its port is unique while the listener lives, so it also tells this thread's browser apart in /proc. */
function proxySwitch(deadProxyPort: number): string {
  return `--proxy-server=http://127.0.0.1:${deadProxyPort}`;
}

/**
 * A switch on the command line of this thread's browser and of no other process (the dead
 * proxy's, whose port no other listener holds), by which render/memory.ts finds its processes;
 * undefined before the first launch.
 */
export async function browserProcessMarker(): Promise<string | undefined> {
  return shared.proxy ? proxySwitch((await shared.proxy).port) : undefined;
}

/** setpriv (util-linux), which can tie a process's life to the thread that started it. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));
const owned = new Map<string, string>();

/**
 * The executable to launch: on Linux with setpriv, a two-line wrapper that starts Chromium with
 * PR_SET_PDEATHSIG=KILL, so the browser dies with the worker thread that launched it (the server
 * stops a worker that overruns its deadline by terminating the thread, which runs no cleanup of
 * its own); elsewhere Chromium itself, and only the browser's own idle close and the process's
 * exit end it.
 */
function ownedExecutable(executablePath: string): string {
  if (process.platform !== 'linux' || !SETPRIV) return executablePath;
  let wrapper = owned.get(executablePath);
  if (!wrapper) {
    wrapper = join(mkdtempSync(join(tmpdir(), 'fineprint-browser-')), 'chromium');
    const quoted = `'${executablePath.replace(/'/g, `'\\''`)}'`;
    writeFileSync(wrapper, `#!/bin/sh\nexec ${SETPRIV} --pdeathsig KILL -- ${quoted} "$@"\n`, { mode: 0o700 });
    owned.set(executablePath, wrapper);
  }
  return wrapper;
}

/** The proxy the browser is pointed at: it accepts and drops every connection, and counts them. */
interface DeadProxy {
  port: number;
  /**
   * What the browser tried to reach by itself (request targets seen by the dead proxy): Chromium's
   * own background calls (update and account services) land here, and no request of a page may.
   */
  attempts: string[];
  server: Server;
}

interface Shared {
  browser: Promise<Browser> | undefined;
  proxy: Promise<DeadProxy> | undefined;
  executablePath: string | undefined;
  pages: number;
  idleTimer: NodeJS.Timeout | undefined;
}

const shared: Shared = { browser: undefined, proxy: undefined, executablePath: undefined, pages: 0, idleTimer: undefined };
/** This thread's own page slots, when the settings bring none (the CLI, the analyzer's tests). */
let localSlots: PageSlots | undefined;

function deadProxy(): Promise<DeadProxy> {
  shared.proxy ??= new Promise<DeadProxy>((resolve, reject) => {
    const proxy: DeadProxy = { port: 0, attempts: [], server: createServer() };
    proxy.server.on('connection', (socket) => {
      // Read the request line (CONNECT host:port, GET http://…) to say what was attempted, answer nothing, close.
      socket.once('data', (data: Buffer) => {
        if (proxy.attempts.length < 1000) proxy.attempts.push(/^\S+ (\S+)/.exec(data.subarray(0, 2048).toString('latin1'))?.[1] ?? '?');
        socket.destroy();
      });
      socket.on('error', () => undefined);
      setTimeout(() => socket.destroy(), 2000).unref();
    });
    proxy.server.once('error', reject);
    proxy.server.listen(0, '127.0.0.1', () => {
      proxy.port = (proxy.server.address() as { port: number }).port;
      proxy.server.unref();
      resolve(proxy);
    });
  });
  return shared.proxy;
}

/** Request targets the browser of this thread tried to reach by itself, past routing (they met the dead proxy and got nothing). */
export async function directConnectionAttempts(): Promise<readonly string[]> {
  return shared.proxy ? [...(await shared.proxy).attempts] : [];
}

/** The browser of this thread, launched on first use; a crashed or closed one is launched again. */
export async function sharedBrowser(settings: BrowserSettings): Promise<Browser> {
  if (shared.browser && shared.executablePath !== settings.executablePath) await closeSharedBrowser();
  if (!shared.browser) {
    shared.executablePath = settings.executablePath;
    // playwright-core is loaded on the first render only: a worker that never renders does not pay for it.
    const launching = Promise.all([deadProxy(), import('playwright-core')]).then(([proxy, { chromium }]) =>
      chromium.launch({
        executablePath: ownedExecutable(settings.executablePath),
        args: browserArgs(proxy.port),
        // The analysis owns the process: no signal handlers of Playwright's own in a worker thread.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        timeout: 15_000,
      }),
    );
    shared.browser = launching;
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (shared.browser === launching) shared.browser = undefined;
        }),
      () => {
        if (shared.browser === launching) shared.browser = undefined;
      },
    );
  }
  return shared.browser;
}

/** Closes this thread's browser (its process ends); the next render launches a new one. */
export async function closeSharedBrowser(): Promise<void> {
  const launching = shared.browser;
  shared.browser = undefined;
  if (!launching) return;
  const browser = await launching.catch(() => undefined);
  if (!browser) return;
  // close() asks Chromium to quit and kills it if it does not; never wait on it forever.
  await Promise.race([browser.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
}

/**
 * Takes one page slot (the settings' slots, else this thread's own), first come first served,
 * or fails with the signal's reason when the signal ends the wait; returns the function that
 * gives it back.
 */
export async function acquirePageSlot(settings: BrowserSettings, signal: AbortSignal): Promise<() => void> {
  const slots = settings.pageSlots ?? (localSlots ??= createPageSlots(settings.maxPages ?? 2));
  const give = await slots.acquire(signal);
  shared.pages++;
  if (shared.idleTimer) clearTimeout(shared.idleTimer);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    give();
    shared.pages--;
    if (shared.pages === 0) {
      shared.idleTimer = setTimeout(() => void closeSharedBrowser(), IDLE_CLOSE_MS);
      shared.idleTimer.unref();
    }
  };
}
