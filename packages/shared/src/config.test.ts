import { describe, expect, it } from "vitest";
import { ConfigError, LOCAL_AUTH_EMULATOR_HOST, loadPublicConfig } from "./config.ts";

const realProject = {
  FIREBASE_PROJECT_ID: "rise-prod",
  FIREBASE_API_KEY: "AIzaSyExampleKey",
  FIREBASE_AUTH_DOMAIN: "rise-prod.firebaseapp.com",
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadPublicConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("loadPublicConfig: the site's address", () => {
  it("defaults to localhost on the port the server listens on", () => {
    expect(loadPublicConfig({}).SITE_URL).toBe("http://localhost:3000");
    expect(loadPublicConfig({ PORT: "3991" }).SITE_URL).toBe("http://localhost:3991");
    expect(loadPublicConfig({ PORT: "3991", SITE_URL: "" }).SITE_URL).toBe("http://localhost:3991");
  });

  it("keeps the address it is given, whatever the port", () => {
    const env = { PORT: "8080", SITE_URL: "https://www.example.com" };
    expect(loadPublicConfig(env).SITE_URL).toBe("https://www.example.com");
  });

  it("names only PORT when the port is not a number", () => {
    expect(problemsOf({ PORT: "abc" })).toEqual([expect.stringMatching(/^PORT: /)]);
  });
});

describe("loadPublicConfig: identity settings", () => {
  it("defaults to local mode with the Auth emulator on its usual port", () => {
    const config = loadPublicConfig({});
    expect(config.FIREBASE_PROJECT_ID).toBe("demo-bakery");
    expect(config.FIREBASE_API_KEY).toBe("demo-api-key");
    expect(config.FIREBASE_AUTH_DOMAIN).toBe("demo-bakery.firebaseapp.com");
    expect(config.FIREBASE_AUTH_EMULATOR_HOST).toBe(LOCAL_AUTH_EMULATOR_HOST);
  });

  it("uses the emulator host it is given in local mode", () => {
    const config = loadPublicConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9199" });
    expect(config.FIREBASE_AUTH_EMULATOR_HOST).toBe("127.0.0.1:9199");
  });

  it("leaves the emulator out for a real project", () => {
    expect(loadPublicConfig(realProject).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  });

  it("refuses an emulator for a real project", () => {
    expect(problemsOf({ ...realProject, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toEqual([
      "FIREBASE_AUTH_EMULATOR_HOST: must be unset for a real project (FIREBASE_PROJECT_ID=rise-prod); it makes unsigned tokens acceptable",
    ]);
  });

  it("names every demo value a real project still uses", () => {
    expect(problemsOf({ FIREBASE_PROJECT_ID: "rise-prod" })).toEqual([
      "FIREBASE_API_KEY: required for a real project (FIREBASE_PROJECT_ID=rise-prod)",
      "FIREBASE_AUTH_DOMAIN: required for a real project (FIREBASE_PROJECT_ID=rise-prod)",
    ]);
  });

  it("refuses malformed values", () => {
    expect(
      problemsOf({
        FIREBASE_PROJECT_ID: "Not A Project",
        FIREBASE_AUTH_EMULATOR_HOST: "http://127.0.0.1:9099",
        FIREBASE_AUTH_DOMAIN: "https://rise.firebaseapp.com/",
      }),
    ).toEqual([
      "FIREBASE_AUTH_DOMAIN: must be a host name such as my-project.firebaseapp.com",
      "FIREBASE_PROJECT_ID: must be a Firebase project id",
      "FIREBASE_AUTH_EMULATOR_HOST: must be host:port",
    ]);
  });
});

describe("loadPublicConfig: a refused configuration in plain words", () => {
  it("names each bad variable and what it must be", () => {
    expect(problemsOf({ PORT: "abc", CHAT_PROVIDER: "zendesk", SITE_URL: "rise bakery" })).toEqual(
      expect.arrayContaining([
        "PORT: must be a number",
        'CHAT_PROVIDER: must be one of "none", "crisp", "intercom"',
        "SITE_URL: must be a web address (https://…)",
      ]),
    );
    expect(problemsOf({ PORT: "99999" })).toEqual(["PORT: must be at most 65535"]);
  });
});
