import { SLOW_LINK_START_MS } from "./slow-link.ts";

/**
 * The one inline loader, a classic script in each prerendered page's head
 * (build-steps/boot-module-loader.ts). Starts right after the second frame the page renders
 * once it is parsed, the frame after its first paint: browsers render no frame (and run no
 * animation frame callback) while a render-blocking stylesheet is pending. Started at the
 * first, the app's requests left before that paint was recorded often enough for
 * Lighthouse's simulation to count them as needed for it (bench/results/history.md). The same
 * holds for the largest paint, which is the page's text drawn again in its own fonts (they swap in
 * once loaded): so it also waits for the fonts the page uses, and two frames more. A page still
 * unpainted SLOW_LINK_START_MS after its navigation started asks for its modules then, and
 * runs them once it is parsed: the app hydrates the whole document, never the part of it that
 * has arrived. A page that renders no frame at all (a background tab) starts 3 s after `load`.
 * `import()` resolves the preloaded modules, so nothing is fetched twice.
 */
export function loadAppAtFirstPaint(): void {
  const boot = (document.currentScript as HTMLScriptElement).dataset.appBoot ?? "";
  let downloading = false;
  let started = false;
  const download = () => {
    if (downloading) return;
    downloading = true;
    const modules = document.querySelector<HTMLTemplateElement>("template[data-app-modules]");
    if (modules) document.head.append(document.importNode(modules.content, true));
  };
  const start = () => {
    if (started) return;
    started = true;
    download();
    import(/* @vite-ignore */ boot);
  };
  const whenParsed = (then: () => void) => {
    if (document.readyState !== "loading") then();
    else document.addEventListener("DOMContentLoaded", then, { once: true });
  };
  const nextFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then));
  const afterTwoFrames = (then: () => void) => nextFrame(() => nextFrame(then));
  // Settles once the fonts in use have loaded or failed; the timers below cover one that hangs.
  const fontsDrawn = (then: () => void) => {
    if (document.fonts) document.fonts.ready.then(() => afterTwoFrames(then), then);
    else then();
  };
  whenParsed(() => afterTwoFrames(() => fontsDrawn(start)));
  setTimeout(() => {
    download();
    whenParsed(start);
  }, SLOW_LINK_START_MS - performance.now());
  addEventListener("load", () => setTimeout(start, 3000), { once: true });
}
