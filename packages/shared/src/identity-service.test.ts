import { describe, expect, it } from "vitest";
import { FIREBASE_IDENTITY_ENDPOINTS, identityServiceOrigins } from "./identity-service.ts";

describe("identityServiceOrigins", () => {
  it("is Firebase's own endpoints for a real project", () => {
    expect(identityServiceOrigins(undefined)).toEqual([
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
    ]);
    expect(identityServiceOrigins("")).toBe(FIREBASE_IDENTITY_ENDPOINTS);
  });

  it("is the Auth emulator alone in local mode, which serves both", () => {
    expect(identityServiceOrigins("127.0.0.1:9099")).toEqual(["http://127.0.0.1:9099"]);
  });
});
