import type { BrowserContext } from "@playwright/test";

/**
 * A stand-in for Google's script loader (https://apis.google.com/js/api.js).
 * Popup sign-in needs it even against the Auth emulator: the Firebase SDK and
 * the emulator's helper iframe both load it to talk to each other. The tests
 * run offline, so this implements only what those two use: gapi.load of
 * "gapi.iframes", opening the helper iframe, and register/send messages
 * between a page and that iframe over postMessage.
 */
const googleApiStubScript = `(() => {
  const handlers = new Map();
  const waiting = new Map();
  const replies = new Map();
  let nextId = 0;

  function answer(source, id, name, data) {
    const result = handlers.get(name)(data);
    source.postMessage({ gapiStub: "reply", id, responses: [result] }, "*");
  }

  window.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || typeof message !== "object") return;
    if (message.gapiStub === "send") {
      if (handlers.has(message.name)) return answer(event.source, message.id, message.name, message.data);
      // The other side may speak before this side has registered its handler.
      const queue = waiting.get(message.name) ?? [];
      queue.push({ source: event.source, id: message.id, data: message.data });
      waiting.set(message.name, queue);
    } else if (message.gapiStub === "reply") {
      const callback = replies.get(message.id);
      replies.delete(message.id);
      if (callback) callback(message.responses);
    }
  });

  function endpoint(target) {
    return {
      register(name, handler) {
        handlers.set(name, handler);
        for (const queued of waiting.get(name) ?? []) answer(queued.source, queued.id, name, queued.data);
        waiting.delete(name);
      },
      send(name, data, callback) {
        const id = "m" + nextId++;
        if (callback) replies.set(id, callback);
        target().postMessage({ gapiStub: "send", id, name, data }, "*");
      },
    };
  }

  const context = {
    open(options, onOpened) {
      const frame = document.createElement("iframe");
      for (const [key, value] of Object.entries(options.attributes ?? {})) {
        if (key === "style") Object.assign(frame.style, value);
        else frame.setAttribute(key, String(value));
      }
      const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
      frame.src = options.url;
      (options.where ?? document.body).appendChild(frame);
      const iframe = Object.assign(endpoint(() => frame.contentWindow), {
        restyle: async () => {},
        ping: (callback) => loaded.then(() => callback && callback()),
      });
      return onOpened ? onOpened(iframe) : Promise.resolve(iframe);
    },
    getParentIframe: () => endpoint(() => window.parent),
  };

  window.gapi = {
    load(_module, options) {
      setTimeout(() => (typeof options === "function" ? options() : options.callback()), 0);
    },
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: "cross-origin", getContext: () => context },
  };

  const onload = new URL(document.currentScript.src).searchParams.get("onload");
  setTimeout(() => {
    if (onload && typeof window[onload] === "function") window[onload]();
    if (typeof window.gapi_onload === "function") window.gapi_onload();
  }, 0);
})();`;

/** Serves the stand-in for every page, popup and frame of the context. */
export async function stubGoogleApi(context: BrowserContext): Promise<void> {
  await context.route("https://apis.google.com/js/api.js*", (route) =>
    route.fulfill({ contentType: "text/javascript", body: googleApiStubScript }),
  );
}
