import Play from "lucide-react/icons/play";
import { useState } from "react";
import { mediaUrl, siteConfig } from "#app/site-config.ts";
import { opensElsewhere } from "#app/ui/opens-elsewhere.ts";

/** Adds autoplay so one click both loads and starts the third-party player. */
export function videoEmbedUrl(videoUrl: string): string {
  const url = new URL(videoUrl);
  url.searchParams.set("autoplay", "1");
  return url.toString();
}

/**
 * Where the video can be watched on its own: a YouTube embed's watch page, any other
 * player's own address. The facade links there until the app can play it in place.
 */
export function videoWatchUrl(videoUrl: string): string {
  const url = new URL(videoUrl);
  const youtubeId = /^\/embed\/([\w-]+)$/.exec(url.pathname)?.[1];
  if (youtubeId && /(^|\.)youtube(-nocookie)?\.com$/.test(url.hostname)) {
    return `https://www.youtube.com/watch?v=${youtubeId}`;
  }
  return url.toString();
}

/**
 * A poster with a play button; the third-party player iframe (and its
 * scripts) only load after the visitor asks for the video. The poster is a
 * link to the video, so it plays (on the player's site) before the app runs.
 */
export function VideoFacade() {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative aspect-[3/2] w-full overflow-hidden rounded-2xl bg-brand-950 shadow-card ring-1 ring-brand-900/10">
      {playing ? (
        <iframe
          src={videoEmbedUrl(siteConfig.VIDEO_URL)}
          title={`${siteConfig.PRODUCT_NAME} product tour video`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          className="absolute inset-0 size-full"
        />
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
  );
}
