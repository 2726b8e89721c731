/**
 * The main thread's long tasks (over 50 ms: input waits for them) during a page load, from the
 * navigation until a moment after hydration, and which of them are the app's: a task in which
 * one of the site's own scripts (/assets/…) ran, by the script attribution of the Long Animation
 * Frames API. The others are the browser parsing, laying out and painting the page, which the
 * page costs without any script too (the no-JS snapshot's TBT measures that). The observers are
 * registered by an init script, before any of the page's own, so no task is missed.
 */
import type { Page } from "@playwright/test";

export interface LongTasks {
  /** The app's longest task in ms (0 when it had none over 50 ms). */
  longest: number;
  /** How many of the app's tasks took more than 50 ms. */
  count: number;
  /** The longest task of any kind, the page's own parsing and painting included. */
  longestOfAnyKind: number;
}

interface Watched {
  tasks: { startTime: number; duration: number }[];
  /** When each of the site's scripts ran, as long animation frames attribute them. */
  appScripts: { startTime: number; duration: number }[];
}

/**
 * In the page, before any of its own scripts: the observers. Runs as the page's code (passed as
 * source, so it refers to nothing outside itself).
 */
export function observeLongTasks(key: string): void {
  const watched: Watched = { tasks: [], appScripts: [] };
  new PerformanceObserver((list) => {
    for (const { startTime, duration } of list.getEntries()) {
      watched.tasks.push({ startTime, duration });
    }
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries() as unknown as {
      scripts: { startTime: number; duration: number; sourceURL: string }[];
    }[]) {
      for (const { startTime, duration, sourceURL } of frame.scripts) {
        if (new URL(sourceURL || "about:blank").pathname.startsWith("/assets/")) {
          watched.appScripts.push({ startTime, duration });
        }
      }
    }
  }).observe({ type: "long-animation-frame", buffered: true });
  (window as unknown as Record<string, unknown>)[key] = watched;
}

/**
 * In the page: the long tasks that started before `end` (ms after the navigation started), once
 * the page's clock has passed `end` and the frame after it has been reported. The page waits on
 * its own timer, so nothing polls it meanwhile. With no `end` (NaN: the page never hydrated),
 * every task until now.
 */
export async function longTasksBefore({
  key,
  end,
}: {
  key: string;
  end: number;
}): Promise<LongTasks> {
  const until = Number.isNaN(end) ? performance.now() : end;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now())));
  // Observers report a frame after it ends: wait for one more frame to have ended.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const watched = (window as unknown as Record<string, Watched | undefined>)[key];
  if (!watched) throw new Error("the long-task observers were not installed");
  const within = watched.tasks.filter((task) => task.startTime < until);
  const theApps = within.filter((task) =>
    watched.appScripts.some(
      (script) =>
        script.startTime >= task.startTime && script.startTime < task.startTime + task.duration,
    ),
  );
  return {
    longest: Math.max(0, ...theApps.map((task) => task.duration)),
    count: theApps.length,
    longestOfAnyKind: Math.max(0, ...within.map((task) => task.duration)),
  };
}

/** Where the observers keep what they saw, in the page's window. */
export const LONG_TASKS_KEY = "__benchLongTasks";

/** Call before `page.goto`. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(observeLongTasks, LONG_TASKS_KEY);
}

/** The long tasks that started before `end` (longTasksBefore). */
export function longTasksUntil(page: Page, end: number): Promise<LongTasks> {
  return page.evaluate(longTasksBefore, { key: LONG_TASKS_KEY, end });
}
