import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on now, chosen by the kernel. A port drawn at random
 * from a fixed range collided with the machine's own services (epmd listens on 4369, NATS on 4222)
 * and the spawned server exited with EADDRINUSE.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('the kernel gave no port'))));
    });
  });
}
