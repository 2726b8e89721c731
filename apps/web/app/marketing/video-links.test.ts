import { describe, expect, it } from "vitest";
import { videoEmbedUrl, videoHostName, videoWatchUrl } from "./video-links.ts";

describe("videoEmbedUrl", () => {
  it("asks the player to start at once, keeping its other options", () => {
    const url = new URL(videoEmbedUrl("https://www.youtube-nocookie.com/embed/abc?rel=0"));
    expect(url.searchParams.get("autoplay")).toBe("1");
    expect(url.searchParams.get("rel")).toBe("0");
  });
});

describe("videoWatchUrl", () => {
  it("turns a YouTube embed, with or without cookies, into its watch page", () => {
    for (const embed of [
      "https://www.youtube-nocookie.com/embed/a-B_1",
      "https://www.youtube.com/embed/a-B_1?rel=0",
    ]) {
      expect(videoWatchUrl(embed)).toBe("https://www.youtube.com/watch?v=a-B_1");
    }
  });

  it("keeps any other player's address", () => {
    expect(videoWatchUrl("https://player.vimeo.com/video/42")).toBe(
      "https://player.vimeo.com/video/42",
    );
    expect(videoWatchUrl("https://notyoutube.com/embed/abc")).toBe(
      "https://notyoutube.com/embed/abc",
    );
  });
});

describe("videoHostName", () => {
  it("names YouTube for its embeds", () => {
    expect(videoHostName("https://www.youtube-nocookie.com/embed/abc")).toBe("YouTube");
  });

  it("names any other player by its host", () => {
    expect(videoHostName("https://player.vimeo.com/video/42")).toBe("player.vimeo.com");
    expect(videoHostName("https://www.example.com/tour.mp4")).toBe("example.com");
  });
});
