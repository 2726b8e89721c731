/**
 * The configuration the browser tests build and serve the site with. E2E_PORT
 * moves every port and folder, so two checkouts can run their tests at once.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eOrigin = `http://127.0.0.1:${e2ePort}`;
/** A second server, built with a live-chat provider configured. */
export const e2eChatPort = e2ePort + 1;
export const e2eChatOrigin = `http://127.0.0.1:${e2eChatPort}`;

export const e2eSiteEnv = {
  SITE_URL: e2eOrigin,
  APP_LOGIN_URL: "https://app.example.com/login",
  MY_AREA_URL: "https://my.example.com",
  SCHEDULING_URL: "https://calendly.com/rise-e2e/demo",
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
  STRIPE_PRICING_TABLE_ID: "prctbl_e2e",
  VIDEO_URL: "https://www.youtube-nocookie.com/embed/e2e-video",
  COMPANY_NAME: "Rise Bakery Software, Inc.",
  COMPANY_ADDRESS: "1200 Market Street, Suite 400, San Francisco, CA 94102",
  CONTACT_EMAIL: "hello@example.com",
  SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/risebakery",
  SOCIAL_FACEBOOK_URL: "https://www.facebook.com/risebakery",
  CHAT_PROVIDER: "none",
  CHAT_ID: "",
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${e2ePort + 6099}`,
} as const;

export const e2eChatSiteEnv = {
  ...e2eSiteEnv,
  SITE_URL: e2eChatOrigin,
  CHAT_PROVIDER: "crisp",
  CHAT_ID: "e2e-crisp-site",
};

/** The Auth emulator the browser tests use (not npm start's 9099, so both can run). */
export const e2eAuthEmulatorHost = e2eSiteEnv.FIREBASE_AUTH_EMULATOR_HOST;
/** The Auth emulator's origin: the browser's identity requests go there (plain HTTP). */
export const e2eAuthEmulatorOrigin = `http://${e2eAuthEmulatorHost}`;

/** Where the browser-test server keeps its embedded database; tests reach it through the admin CLI. */
export const e2eDataDir = `${process.env.TMPDIR ?? "/tmp"}/bakery-e2e-${e2ePort}/data`;
export const e2eChatDataDir = `${process.env.TMPDIR ?? "/tmp"}/bakery-e2e-${e2ePort}/chat-data`;

/** Requests that only the identity SDK makes: its code, Google's endpoints, or the emulator. */
export const identityRequestPattern = new RegExp(
  `firebase|identitytoolkit|securetoken|googleapis|gstatic|${e2eAuthEmulatorHost.replaceAll(".", "\\.")}`,
);

/**
 * A person's phone browser. Headless Chromium's own user agent ("HeadlessChrome") is a
 * bot's, so tests of what only people's visits do (a short link's click, a landing) use this.
 */
export const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
