import { spawnSync } from "node:child_process";
import path from "node:path";
import { ConfigError } from "@bakery/shared/config";
import { describe, expect, it } from "vitest";
import {
  LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  loadServerConfig,
} from "./config.ts";

describe("loadServerConfig", () => {
  it("defaults to local mode with the emulator on 127.0.0.1:9099", () => {
    const config = loadServerConfig({});
    expect(config.mode).toBe("local");
    expect(config.FIREBASE_AUTH_EMULATOR_HOST).toBe("127.0.0.1:9099");
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.apiBasePath).toBe("/api");
    expect(config.redirectAllowedHosts).toEqual(["localhost:3000", "my.example.com"]);
  });

  it("is production mode for a non-demo project, and refuses the emulator there", () => {
    const database = { DATABASE_URL: "postgres://db.internal:5432/rise" };
    expect(loadServerConfig({ FIREBASE_PROJECT_ID: "rise-prod", ...database }).mode).toBe(
      "production",
    );
    expect(() =>
      loadServerConfig({
        FIREBASE_PROJECT_ID: "rise-prod",
        ...database,
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: must be unset for a real project/);
  });

  it("needs the chat's id when a chat provider is named, as the site's build does", () => {
    expect(() => loadServerConfig({ CHAT_PROVIDER: "crisp" })).toThrow(
      /CHAT_ID: required when CHAT_PROVIDER is crisp/,
    );
    expect(loadServerConfig({ CHAT_PROVIDER: "crisp", CHAT_ID: "site-1" }).CHAT_ID).toBe("site-1");
  });

  it("has a webhook signing secret of its own only in local mode, and refuses it in production", () => {
    const production = {
      FIREBASE_PROJECT_ID: "rise-prod",
      DATABASE_URL: "postgres://db.internal:5432/rise",
    };
    expect(loadServerConfig({}).STRIPE_WEBHOOK_SECRET).toBe(LOCAL_STRIPE_WEBHOOK_SECRET);
    expect(loadServerConfig(production).STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(
      loadServerConfig({ ...production, STRIPE_WEBHOOK_SECRET: "whsec_abc123" })
        .STRIPE_WEBHOOK_SECRET,
    ).toBe("whsec_abc123");
    expect(() =>
      loadServerConfig({ ...production, STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: the local demo secret is public/);
    expect(() => loadServerConfig({ STRIPE_WEBHOOK_SECRET: "sk_live_oops" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be the endpoint's signing secret/,
    );
  });

  it("has a scheduling webhook key of its own only in local mode, and counts browser bookings only without a real one", () => {
    const production = {
      FIREBASE_PROJECT_ID: "rise-prod",
      DATABASE_URL: "postgres://db.internal:5432/rise",
    };
    const local = loadServerConfig({});
    expect(local.CALENDLY_WEBHOOK_SIGNING_KEY).toBe(LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY);
    expect(local.browserBookingsCount).toBe(true);
    const withoutKey = loadServerConfig(production);
    expect(withoutKey.CALENDLY_WEBHOOK_SIGNING_KEY).toBeUndefined();
    expect(withoutKey.browserBookingsCount).toBe(true);
    const withKey = loadServerConfig({
      ...production,
      CALENDLY_WEBHOOK_SIGNING_KEY: "a-real-signing-key-of-the-subscription",
    });
    expect(withKey.CALENDLY_WEBHOOK_SIGNING_KEY).toBe("a-real-signing-key-of-the-subscription");
    expect(withKey.browserBookingsCount).toBe(false);
    expect(() =>
      loadServerConfig({
        ...production,
        CALENDLY_WEBHOOK_SIGNING_KEY: LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY,
      }),
    ).toThrow(/CALENDLY_WEBHOOK_SIGNING_KEY: the local demo key is public/);
    expect(() => loadServerConfig({ CALENDLY_WEBHOOK_SIGNING_KEY: "short" })).toThrow(
      /CALENDLY_WEBHOOK_SIGNING_KEY/,
    );
  });

  it("bounds what anonymous clients can make the reports hold, with defaults", () => {
    const config = loadServerConfig({});
    expect(config.ATTRIBUTION_RETENTION_DAYS).toBe(400);
    expect(config.ATTRIBUTION_NEW_NAMES_PER_DAY).toBe(1000);
    expect(config.REPORT_DEADLINE_MS).toBe(5000);
    expect(() => loadServerConfig({ ATTRIBUTION_RETENTION_DAYS: "7" })).toThrow(
      /ATTRIBUTION_RETENTION_DAYS/,
    );
  });

  it("requires DATABASE_URL in production instead of writing to a local folder", () => {
    expect(() => loadServerConfig({ FIREBASE_PROJECT_ID: "rise-prod" })).toThrow(
      /DATABASE_URL: required in production/,
    );
  });

  it("stops the server from starting in production without DATABASE_URL", async () => {
    const server = spawnSync(process.execPath, [path.join(import.meta.dirname, "main.ts")], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", FIREBASE_PROJECT_ID: "rise-prod" },
      encoding: "utf8",
    });
    expect(server.status).toBe(1);
    expect(server.stderr).toMatch(/DATABASE_URL: required in production/);
  });

  it("logs readable lines by default in local mode and JSON lines in production", () => {
    const database = { DATABASE_URL: "postgres://db.internal:5432/rise" };
    expect(loadServerConfig({}).LOG_PRETTY).toBe(true);
    expect(loadServerConfig({ LOG_PRETTY: "0" }).LOG_PRETTY).toBe(false);
    expect(loadServerConfig({ FIREBASE_PROJECT_ID: "rise-prod", ...database }).LOG_PRETTY).toBe(
      false,
    );
    expect(
      loadServerConfig({ FIREBASE_PROJECT_ID: "rise-prod", ...database, LOG_PRETTY: "1" })
        .LOG_PRETTY,
    ).toBe(true);
  });

  it("names every bad value", () => {
    try {
      loadServerConfig({
        DATABASE_URL: "mysql://x",
        CORS_ORIGINS: "https://ok.com,nope",
        PORT: "x",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/CORS_ORIGINS/);
      expect(problems).toMatch(/PORT/);
    }
  });

  it("parses lists and derives the API path from API_BASE_URL", () => {
    const config = loadServerConfig({
      API_BASE_URL: "https://api.example.com/v1/",
      CORS_ORIGINS: "https://www.example.com, https://example.com",
      REDIRECT_ALLOWED_HOSTS: "Calendly.com,docs.example.com",
      SITE_URL: "https://www.example.com",
    });
    expect(config.apiBasePath).toBe("/v1");
    expect(config.CORS_ORIGINS).toEqual(["https://www.example.com", "https://example.com"]);
    expect(config.redirectAllowedHosts).toEqual([
      "www.example.com",
      "my.example.com",
      "calendly.com",
      "docs.example.com",
    ]);
  });
  it("reads the limits, with defaults, and refuses nonsense", () => {
    const defaults = loadServerConfig({});
    expect(defaults.TRUST_PROXY).toBe(0);
    expect(defaults.RATE_LIMIT_REDIRECT_PER_MINUTE).toBe(120);
    expect(defaults.RATE_LIMIT_EVENTS_PER_MINUTE).toBe(20);
    expect(defaults.RATE_LIMIT_CSP_REPORTS_PER_MINUTE).toBe(30);
    expect(defaults.DATABASE_TIMEOUT_MS).toBe(1000);
    const set = loadServerConfig({
      TRUST_PROXY: "1",
      RATE_LIMIT_REDIRECT_PER_MINUTE: "1000000",
      RATE_LIMIT_EVENTS_PER_MINUTE: "5",
      RATE_LIMIT_CSP_REPORTS_PER_MINUTE: "7",
      DATABASE_TIMEOUT_MS: "250",
    });
    expect(set).toMatchObject({
      TRUST_PROXY: 1,
      RATE_LIMIT_REDIRECT_PER_MINUTE: 1_000_000,
      RATE_LIMIT_EVENTS_PER_MINUTE: 5,
      RATE_LIMIT_CSP_REPORTS_PER_MINUTE: 7,
      DATABASE_TIMEOUT_MS: 250,
    });
    expect(() =>
      loadServerConfig({
        TRUST_PROXY: "yes",
        RATE_LIMIT_REDIRECT_PER_MINUTE: "0",
        RATE_LIMIT_EVENTS_PER_MINUTE: "1.5",
        RATE_LIMIT_CSP_REPORTS_PER_MINUTE: "-1",
        DATABASE_TIMEOUT_MS: "5",
      }),
    ).toThrow(
      /TRUST_PROXY[\s\S]*RATE_LIMIT_REDIRECT_PER_MINUTE[\s\S]*RATE_LIMIT_EVENTS_PER_MINUTE[\s\S]*RATE_LIMIT_CSP_REPORTS_PER_MINUTE[\s\S]*DATABASE_TIMEOUT_MS/,
    );
  });
});
