import { type AddressInfo, createServer } from "node:net";

/**
 * A port nothing listens on right now: the OS picks it, so servers started by tests and
 * the benchmark never collide with each other or with a developer's own (PORT must be
 * 1-65535, so 0 can't be passed through to a child process).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
