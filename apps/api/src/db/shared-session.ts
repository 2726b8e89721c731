import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite is one Postgres session. The local server shares it with the admin CLI over a
 * socket (local-data-dir.ts), and @electric-sql/pglite-socket runs each wire-protocol
 * message under PGlite's lock on its own. The server's own queries can therefore run
 * between a client's Parse and its Bind, replacing the statement the client just prepared
 * ("bind message supplies 2 parameters, but prepared statement "" requires 1"), or inside
 * a transaction the client has open.
 *
 * This is the view of PGlite the socket server gets: once a socket client starts a unit
 * of work, PGlite's lock stays with it until the session is idle again: an extended query
 * holds it from Parse to the ReadyForQuery that answers its Sync, a transaction from BEGIN
 * to the ReadyForQuery "idle" after it ends. It also reports that unit of work as a
 * transaction, which makes the socket server take that client's next messages before
 * other clients'.
 *
 * A client that stops halfway (no message for `abandonAfterMs`) loses the lock, so it can
 * never stall the server for long.
 */
export function oneUnitOfWorkAtATime(pglite: PGlite, abandonAfterMs = 1_000): PGlite {
  let release: (() => void) | undefined;
  let abandonTimer: ReturnType<typeof setTimeout> | undefined;
  let messageType = 0;
  let lastBytes: Uint8Array = new Uint8Array(0);
  let clientInTransaction = false;

  const letGo = () => {
    clearTimeout(abandonTimer);
    release?.();
    release = undefined;
  };

  /** Takes PGlite's lock and keeps it until letGo(). */
  const hold = () =>
    new Promise<() => void>((held) => {
      void pglite.runExclusive(() => new Promise<void>((done) => held(done)));
    });

  /** After each message: is the client's unit of work still going on? */
  function unitOfWorkGoesOn(): boolean {
    if (messageType === TERMINATE) {
      clientInTransaction = false;
      return false;
    }
    const status = readyForQueryStatus(lastBytes);
    if (status !== undefined) clientInTransaction = status !== IDLE;
    return clientInTransaction || (status === undefined && MID_CYCLE.has(messageType));
  }

  async function runExclusive<T>(work: () => Promise<T>): Promise<T> {
    clearTimeout(abandonTimer);
    release ??= await hold();
    try {
      return await work();
    } finally {
      if (unitOfWorkGoesOn()) abandonTimer = setTimeout(letGo, abandonAfterMs);
      else letGo();
    }
  }

  async function execProtocolRawStream(
    message: Uint8Array,
    options: Parameters<PGlite["execProtocolRawStream"]>[1],
  ): Promise<void> {
    messageType = message[0] ?? 0;
    lastBytes = new Uint8Array(0);
    return pglite.execProtocolRawStream(message, {
      ...options,
      onRawData: (data: Uint8Array) => {
        lastBytes = keepTail(lastBytes, data);
        options?.onRawData?.(data);
      },
    });
  }

  return new Proxy(pglite, {
    get(target, property) {
      if (property === "runExclusive") return runExclusive;
      if (property === "execProtocolRawStream") return execProtocolRawStream;
      if (property === "isInTransaction") {
        return () => release !== undefined || target.isInTransaction();
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Extended-query messages answered without ReadyForQuery: Parse, Bind, Describe, Execute, Close, Flush. */
const MID_CYCLE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
const TERMINATE = 0x58; // "X"
const READY_FOR_QUERY = 0x5a; // "Z", then length 5 and the status byte
const IDLE = 0x49; // "I": not in a transaction block

/** The status of the ReadyForQuery the answer ends with, if it ends with one. */
function readyForQueryStatus(bytes: Uint8Array): number | undefined {
  const at = bytes.length - 6;
  const isReady =
    at >= 0 &&
    bytes[at] === READY_FOR_QUERY &&
    bytes[at + 1] === 0 &&
    bytes[at + 2] === 0 &&
    bytes[at + 3] === 0 &&
    bytes[at + 4] === 5;
  return isReady ? bytes[at + 5] : undefined;
}

/** The last 6 bytes of `previous` followed by `data`. */
function keepTail(previous: Uint8Array, data: Uint8Array): Uint8Array {
  const joined = new Uint8Array(previous.length + data.length);
  joined.set(previous);
  joined.set(data, previous.length);
  return joined.slice(-6);
}
