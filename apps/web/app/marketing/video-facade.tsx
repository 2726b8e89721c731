import Play from "lucide-react/icons/play";
import { type ReactNode, useState } from "react";
import { mediaUrl, siteConfig } from "#app/site-config.ts";
import { EmbedWaitCovers } from "#app/ui/embed-progress.tsx";
import { opensElsewhere } from "#app/ui/opens-elsewhere.ts";
import { markSlowIfStillLoading } from "#app/ui/slot-progress.ts";
import { videoEmbedUrl, videoHostName, videoWatchUrl } from "./video-links.ts";

/**
 * A poster with a play button; the third-party player iframe (and its
 * scripts) only load after the visitor asks for the video. The poster is a
 * link to the video, so it plays (on the player's site) before the app runs.
 */
export function VideoFacade() {
  const [playing, setPlaying] = useState(false);
  return (
    <div>
      {/* The player's box, which holds the focus while the player loads (startPlayer). */}
      <div
        tabIndex={playing ? -1 : undefined}
        className="relative aspect-[3/2] w-full overflow-hidden rounded-2xl bg-brand-950 shadow-card ring-1 ring-brand-900/10"
      >
        {playing ? (
          <VideoPlayer />
        ) : (
          <a
            href={videoWatchUrl(siteConfig.VIDEO_URL)}
            onClick={(event) => {
              if (opensElsewhere(event)) return;
              event.preventDefault();
              setPlaying(true);
            }}
            className="group absolute inset-0 size-full"
          >
            <img
              src={mediaUrl("illustrations/hero.svg")}
              alt=""
              width={1200}
              height={800}
              fetchPriority="high"
              className="size-full object-cover"
            />
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="flex items-center gap-3 rounded-full bg-white/95 py-3 pr-5 pl-3 font-semibold text-brand-800 shadow-lg ring-1 ring-brand-900/10 transition-transform group-hover:scale-105">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-white">
                  <Play aria-hidden="true" className="ml-0.5 size-5 fill-current" />
                </span>
                Watch the 2-minute tour
              </span>
            </span>
          </a>
        )}
      </div>
      {/* Always there once the poster has gone: an unreachable or blocked video host shows an
        error page in the frame, which loads like any other page and which this page cannot
        see, so the spinner's fallback never comes. */}
      {playing && (
        <p className="mt-3 text-center text-cocoa text-sm">
          Video not showing?{" "}
          <WatchOnHostLink className="text-brand-700">
            Watch on {videoHostName(siteConfig.VIDEO_URL)}
          </WatchOnHostLink>
        </p>
      )}
    </div>
  );
}

/**
 * The third-party player, with a spinner over it until it loads and, once it has been loading
 * too long (markSlowIfStillLoading), a word on it and a link to the video on its host, which a
 * screen reader announces.
 */
function VideoPlayer() {
  return (
    <>
      <iframe
        ref={startPlayer}
        src={videoEmbedUrl(siteConfig.VIDEO_URL)}
        title={`${siteConfig.PRODUCT_NAME} product tour video`}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        className="peer absolute inset-0 size-full"
      />
      <EmbedWaitCovers
        tone="dark"
        label="Loading the video"
        loading="Loading the tour…"
        slow="The video is taking longer than usual to load."
        wayOn={
          <WatchOnHostLink className="text-white">
            Watch the tour on {videoHostName(siteConfig.VIDEO_URL)}
          </WatchOnHostLink>
        }
      />
    </>
  );
}

/**
 * The player as it replaces the poster. Its box takes the focus the poster link had, so a
 * keyboard is not sent back to the top of the page, and hands it to the frame once the frame
 * has loaded, unless the visitor has moved on. Not to the frame at once: until the player's
 * document arrives the frame holds a blank one of this page, and that focus has to follow the
 * frame into the player's own process (another origin); on a slow phone Chromium can drop it
 * there, leaving the frame the active element of a page without focus, where keys reach
 * neither the player nor the page. The frame keeps its progress in data-state (loading,
 * loaded, slow) as the scheduling frame does, for the boxes after it to show. Its load event
 * is async, so it cannot come before this runs.
 */
function startPlayer(frame: HTMLIFrameElement | null): void {
  const box = frame?.parentElement;
  if (!frame || !box) return;
  frame.dataset.state = "loading";
  frame.addEventListener("load", () => {
    frame.dataset.state = "loaded";
    if (document.activeElement === box) frame.focus();
  });
  markSlowIfStillLoading(() => frame);
  box.focus();
}

/** The video on its host's own page, in a new tab, so the landing page stays open. */
function WatchOnHostLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <a
      href={videoWatchUrl(siteConfig.VIDEO_URL)}
      target="_blank"
      rel="noopener"
      className={`font-semibold underline underline-offset-4 ${className}`}
    >
      {children}
    </a>
  );
}
