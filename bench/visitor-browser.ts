/**
 * A phone's Chromium as a visitor has it: the same throttling, size and user agent as the
 * phone preset (phone-browser.ts), driven through the DevTools protocol with none of the domains
 * that change how a page's script runs. Playwright and Lighthouse turn on DevTools' Runtime
 * domain on every page, and with it V8 collects source positions it otherwise never needs: in the
 * app's first task, those of the one function that holds all of React DOM, which it parses again
 * for them, 40–70 ms on the slowed CPU, a cost no visitor's browser has (traced with and without
 * that domain: docs/performance.md). Here only Page, Network and Emulation are on, and the page's
 * figures are read with Runtime.evaluate, which needs none.
 *
 * Talks to Chromium over its pipe (--remote-debugging-pipe: messages on fds 3 and 4, each ended
 * by a NUL), so no port is opened. Nothing leaves the machine: any host but 127.0.0.1 fails to
 * resolve (LIGHTHOUSE_FLAGS).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../scripts/chromium.ts";
import { LIGHTHOUSE_FLAGS } from "./lighthouse-pages.ts";
import { PHONE_NETWORK, PHONE_USER_AGENT, PHONE_VIEWPORT } from "./phone-browser.ts";

type Message = {
  id?: number;
  sessionId?: string;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
};

const PROTOCOL_TIMEOUT_MS = 120_000;

export class VisitorBrowser {
  readonly #child: ChildProcess;
  /** Its own profile, removed on close: nothing of the machine's Chromium profile is shared. */
  readonly #profile: string;
  readonly #input: Writable;
  #nextId = 0;
  readonly #waiting = new Map<
    number,
    { resolve: (m: Message) => void; reject: (e: Error) => void }
  >();
  /** Who waits for which event, by "sessionId method". */
  readonly #events = new Map<string, () => void>();

  private constructor(child: ChildProcess, profile: string) {
    this.#child = child;
    this.#profile = profile;
    this.#input = child.stdio[3] as Writable;
    let buffered = "";
    (child.stdio[4] as Readable).on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf("\0"); end >= 0; end = buffered.indexOf("\0")) {
        this.#receive(JSON.parse(buffered.slice(0, end)) as Message);
        buffered = buffered.slice(end + 1);
      }
    });
    child.once("exit", () => {
      for (const { reject } of this.#waiting.values()) reject(new Error("Chromium stopped"));
      this.#waiting.clear();
    });
  }

  static launch(): VisitorBrowser {
    const executable = chromiumPath() ?? chromium.executablePath();
    const profile = mkdtempSync(join(tmpdir(), "bench-visitor-browser-"));
    const child = spawn(
      executable,
      [...LIGHTHOUSE_FLAGS, `--user-data-dir=${profile}`, "--remote-debugging-pipe", "about:blank"],
      { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
    );
    return new VisitorBrowser(child, profile);
  }

  #receive(message: Message) {
    if (message.method) {
      const key = `${message.sessionId} ${message.method}`;
      this.#events.get(key)?.();
      this.#events.delete(key);
    }
    if (message.id === undefined) return;
    const waiting = this.#waiting.get(message.id);
    if (!waiting) return;
    this.#waiting.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message);
  }

  /** Sends one command (to the page's session when given) and resolves with its result. */
  send(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<Record<string, unknown>> {
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(new Error(`${method}: no answer within ${PROTOCOL_TIMEOUT_MS / 1000} s`));
      }, PROTOCOL_TIMEOUT_MS);
      this.#waiting.set(id, {
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message.result ?? {});
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(new Error(`${method}: ${error.message}`));
        },
      });
      this.#input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /**
   * A fresh (cold) context with one throttled phone-sized page; `initScript` runs in the page
   * before any of its own scripts. Close it with the returned `close`.
   */
  async openPage(initScript: string): Promise<VisitorPage> {
    const { browserContextId } = await this.send("Target.createBrowserContext");
    const { targetId } = await this.send("Target.createTarget", {
      url: "about:blank",
      browserContextId,
    });
    const { sessionId } = (await this.send("Target.attachToTarget", {
      targetId,
      flatten: true,
    })) as { sessionId: string };
    const on = (method: string, params: Record<string, unknown> = {}) =>
      this.send(method, params, sessionId);
    await on("Page.enable");
    await on("Page.addScriptToEvaluateOnNewDocument", { source: initScript });
    await on("Emulation.setDeviceMetricsOverride", {
      ...PHONE_VIEWPORT,
      deviceScaleFactor: 1,
      mobile: true,
    });
    await on("Emulation.setTouchEmulationEnabled", { enabled: true });
    await on("Emulation.setUserAgentOverride", { userAgent: PHONE_USER_AGENT });
    await on("Emulation.setCPUThrottlingRate", { rate: 4 });
    await on("Network.enable");
    await on("Network.emulateNetworkConditions", { offline: false, ...PHONE_NETWORK });
    return {
      goto: async (url) => {
        let timer: NodeJS.Timeout | undefined;
        const loaded = new Promise<void>((resolve, reject) => {
          this.#events.set(`${sessionId} Page.loadEventFired`, resolve);
          timer = setTimeout(
            () => reject(new Error(`${url}: no load event within ${PROTOCOL_TIMEOUT_MS / 1000} s`)),
            PROTOCOL_TIMEOUT_MS,
          );
        });
        try {
          const { errorText } = await on("Page.navigate", { url });
          if (errorText) throw new Error(`${url}: ${errorText}`);
          await loaded;
        } finally {
          clearTimeout(timer);
          this.#events.delete(`${sessionId} Page.loadEventFired`);
        }
      },
      evaluate: async <T>(expression: string): Promise<T> => {
        const { result, exceptionDetails } = (await on("Runtime.evaluate", {
          expression,
          awaitPromise: true,
          returnByValue: true,
        })) as { result: { value: T }; exceptionDetails?: { text: string } };
        if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.text}`);
        return result.value;
      },
      close: async () => {
        await this.send("Target.closeTarget", { targetId });
        await this.send("Target.disposeBrowserContext", { browserContextId });
      },
    };
  }

  async close(): Promise<void> {
    if (this.#child.exitCode === null && this.#child.signalCode === null) {
      const exited = new Promise((resolve) => this.#child.once("exit", resolve));
      await this.send("Browser.close").catch(() => this.#child.kill("SIGKILL"));
      await exited;
    }
    rmSync(this.#profile, { recursive: true, force: true });
  }
}

export interface VisitorPage {
  /** Navigates, and resolves once the page's load event has fired. */
  goto(url: string): Promise<void>;
  /** The value of `expression` in the page (a promise is awaited), as JSON carries it. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}
