/** Adds autoplay so one click both loads and starts the third-party player. */
export function videoEmbedUrl(videoUrl: string): string {
  const url = new URL(videoUrl);
  url.searchParams.set("autoplay", "1");
  return url.toString();
}

/**
 * Where the video can be watched on its own: a YouTube embed's watch page, any other
 * player's own address. The facade links there until the app can play it in place, and
 * after, in case the player never shows.
 */
export function videoWatchUrl(videoUrl: string): string {
  const url = new URL(videoUrl);
  const youtubeId = /^\/embed\/([\w-]+)$/.exec(url.pathname)?.[1];
  if (youtubeId && /(^|\.)youtube(-nocookie)?\.com$/.test(url.hostname)) {
    return `https://www.youtube.com/watch?v=${youtubeId}`;
  }
  return url.toString();
}

/** The name a visitor knows the watch page's site by, for "Watch on …": YouTube, or its host. */
export function videoHostName(videoUrl: string): string {
  const host = new URL(videoWatchUrl(videoUrl)).hostname.replace(/^www\./, "");
  return host === "youtube.com" ? "YouTube" : host;
}
