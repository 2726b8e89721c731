import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseConnectionError, describeDatabase } from "./database-identity.ts";

describe("describeDatabase", () => {
  it("shows a server URL without its password", () => {
    expect(
      describeDatabase({
        DATABASE_URL: "postgres://rise:s3cret@db.internal:5432/rise",
        DATA_DIR: "/x",
      }),
    ).toBe("postgres://rise@db.internal:5432/rise (password hidden)");
    expect(
      describeDatabase({ DATABASE_URL: "postgres://db.internal:5432/rise", DATA_DIR: "/x" }),
    ).toBe("postgres://db.internal:5432/rise");
  });

  it("shows the embedded database's folder, relative to the working folder", () => {
    expect(describeDatabase({ DATA_DIR: path.join(process.cwd(), ".data") })).toBe(
      "embedded, .data/",
    );
  });
});

describe("DatabaseConnectionError", () => {
  it("names DATABASE_URL and the host, never the password", () => {
    const error = new DatabaseConnectionError(
      "postgres://rise:s3cret@db.internal/rise",
      new Error("getaddrinfo ENOTFOUND db.internal"),
    );
    expect(error.message).toBe(
      "could not connect to the database in DATABASE_URL (host db.internal:5432): getaddrinfo ENOTFOUND db.internal",
    );
  });
});
