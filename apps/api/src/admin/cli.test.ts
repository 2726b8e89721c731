import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthEmulator } from "../../../../scripts/auth-emulator.ts";
import { pgliteDir } from "../db/local-data-dir.ts";
import { openDatabase } from "../db/open-database.ts";
import { demoBookings, profiles } from "../db/schema.ts";
import { type LocalServer, startLocalServer } from "../main.ts";
import { freePort } from "../test-support/free-port.ts";
import { startTestAuthEmulator } from "../test-support/test-auth-emulator.ts";

/**
 * The CLI as operators run it: a child process on a throwaway DATA_DIR, with a real Auth
 * emulator of its own (started here, so `users set-role` is tested against one in every run).
 */

const CLI = path.join(import.meta.dirname, "cli.ts");
const run = promisify(execFile);

let workDir: string;
let dataDir: string;
const env = () => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  SITE_URL: "https://www.example.com",
  MY_AREA_URL: "https://my.example.com",
  COMPANY_NAME: "Test Bakery Co.",
});

const cli = (...args: string[]) => cliWithEnv({}, ...args);

async function cliWithEnv(extraEnv: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { ...env(), ...extraEnv },
      cwd: workDir,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function file(name: string, content: string) {
  const full = path.join(workDir, name);
  writeFileSync(full, content);
  return full;
}

let emulator: AuthEmulator;
const PROJECT = "demo-bakery";
const identityToolkit = () => `http://${emulator.host}/identitytoolkit.googleapis.com/v1`;

async function emulatorCall(call: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${identityToolkit()}/${call}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      // The emulator's administrator, for the project's own calls (changing any account).
      ...(call.startsWith("projects/") && { Authorization: "Bearer owner" }),
    },
    body: JSON.stringify(body),
  });
  expect(response.status, `${call}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** An e-mail/password account, as anyone can make one on the sign-in page: unverified unless said. */
async function newAccount(
  email: string,
  verified = false,
): Promise<{ uid: string; idToken: string }> {
  const account = await emulatorCall("accounts:signUp?key=cli-test", {
    email,
    password: "bakery-test-1",
    returnSecureToken: true,
  });
  const uid = account.localId as string;
  if (verified) {
    await emulatorCall(`projects/${PROJECT}/accounts:update`, {
      localId: uid,
      emailVerified: true,
    });
  }
  return { uid, idToken: account.idToken as string };
}

/** A unique address, so accounts made by one test never meet another's. */
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** The profile a first sign-in makes: the uid, and the address its token carried then. */
async function signedInBefore(uid: string, email: string) {
  const db = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    await db.db.insert(profiles).values({ uid, email });
  } finally {
    await db.close();
  }
}

async function roleInDatabase(uid: string): Promise<string | null | undefined> {
  const db = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    const [row] = await db.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.uid, uid));
    return row?.role;
  } finally {
    await db.close();
  }
}

/** `users set-role …` with the test's Auth emulator as the identity service. */
const setRole = (...args: string[]) =>
  cliWithEnv({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host }, "users", "set-role", ...args);

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), "bakery-cli-"));
  dataDir = path.join(workDir, "data");
  emulator = await startTestAuthEmulator();
});
afterAll(async () => {
  await emulator?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

describe("admin CLI without a running server", () => {
  it("prints help and exits 0", async () => {
    const main = await cli("--help");
    expect(main.code).toBe(0);
    expect(main.stdout).toContain("pages put <handle> <file>");
    const put = await cli("links", "put", "--help");
    expect(put.code).toBe(0);
    expect(put.stdout).toContain("--sign-in-required");
  });

  it("runs as the package's rise-admin command, so npm can't swallow its flags", async () => {
    const { bin } = JSON.parse(
      readFileSync(path.join(import.meta.dirname, "../../../../package.json"), "utf8"),
    );
    const command = path.resolve(import.meta.dirname, "../../../..", bin["rise-admin"]);
    expect(command).toBe(CLI);
    // Executed directly, as npx does: the file's own #! line picks Node.
    const { stdout } = await run(command, ["links", "put", "--help"], { env: env() });
    expect(stdout).toContain("Usage: npx rise-admin links put <cat> <id> <target>");
  });

  it("refuses bad input with exit 2 and a clear message, writing nothing", async () => {
    const page = file("ok.md", "# Hello");
    const cases: Array<[string[], RegExp]> = [
      [["pages", "put", "../etc", page, "--title", "T"], /handle "..\/etc" must be/],
      [["pages", "put", "about", page], /--title is required/],
      [["pages", "put", "about", path.join(workDir, "missing.md"), "--title", "T"], /no such file/],
      [["pages", "put", "about", file("x.txt", "hi"), "--title", "T"], /must end in \.md/],
      [["pages", "put", "about", file("u.md", "{{NOPE}}"), "--title", "T"], /unknown placeholder/],
      [["pages", "put", "about", page, "--title", "T", "--colour", "red"], /Unknown option/],
      [["links", "put", "promo", "x", "//evil.com"], /protocol-relative/],
      [["links", "put", "promo", "x", "javascript:alert(1)"], /only http\(s\)/],
      [["links", "put", "promo", "x", "https://evil.com/"], /not on the allow-list/],
      [["links", "put", "promo", "x", "https://calendly.com/x", "--utm-source", "a"], /host/],
      [["links", "put", "promo", "x", "/pricing", "--utm-source", "a b"], /utm_source/],
      [["links", "put", "promo", "x"], /expected <cat> <id> <target>/],
      ...[
        "/to/test/loop",
        "/to/promo/nope",
        "https://www.example.com/TO/promo/spring",
        "/%74o/promo/spring",
      ].map((target): [string[], RegExp] => [
        ["links", "put", "test", "loop", target],
        /^error: target refused: a short link can't lead to a short link \(an address under \/to\/\): use the address that link leads to instead$/m,
      ]),
      [["users", "set-status", "someone@example.com", "boss"], /not one of/],
      [["pages", "frobnicate"], /unknown command/],
    ];
    // Independent processes that never open the database, so run them side by side.
    const results = await Promise.all(cases.map(([args]) => cli(...args)));
    results.forEach((result, i) => {
      const [args, message] = cases[i] as [string[], RegExp];
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toMatch(message);
    });
    // Nothing was written: validation happens before the database is even opened.
    expect((await cli("pages", "list")).stdout).toContain("No pages.");
    expect((await cli("links", "list")).stdout).toContain("No links.");
  });

  it("puts, shows, moves and removes pages, sanitizing Markdown", async () => {
    const source = file(
      "about.md",
      "# About {{COMPANY_NAME}}\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) and <img src=x onerror=alert(1)> **bold**",
    );
    const put = await cli(
      "pages",
      "put",
      "About",
      source,
      "--title",
      "About us",
      "--subtitle",
      "Hi",
    );
    expect(put.code, put.stderr).toBe(0);
    const show = await cli("pages", "show", "about");
    expect(show.stdout).toContain("<h2>About Test Bakery Co.</h2>");
    expect(show.stdout).toContain("<strong>bold</strong>");
    expect(show.stdout).not.toMatch(/script|onerror|javascript:|<img/);

    expect((await cli("pages", "move", "about", "about-us")).code).toBe(0);
    const list = await cli("pages", "list");
    expect(list.stdout).toMatch(/about\s+→ renamed to about-us/);
    const moveAgain = await cli("pages", "move", "about", "elsewhere");
    expect(moveAgain.code).toBe(1);
    expect(moveAgain.stderr).toContain('no page "about"');

    expect((await cli("pages", "rm", "about-us", "--yes")).code).toBe(0);
    expect((await cli("pages", "list")).stdout).toContain("No pages.");
    expect((await cli("pages", "rm", "about-us", "--yes")).code).toBe(1);
  });

  it("puts, lists and removes links, adding UTM tags to site targets", async () => {
    const put = await cli(
      "links",
      "put",
      "promo",
      "spring",
      "/book-demo",
      "--utm-source",
      "sms",
      "--utm-medium",
      "text",
      "--utm-campaign",
      "spring",
    );
    expect(put.code, put.stderr).toBe(0);
    // The whole link, ready to paste into a message.
    expect(put.stdout).toBe(
      "Created https://www.example.com/to/promo/spring → /book-demo?utm_source=sms&utm_medium=text&utm_campaign=spring\n",
    );
    const billing = await cli(
      "links",
      "put",
      "account",
      "billing",
      "https://my.example.com/billing",
      "--sign-in-required",
    );
    expect(billing.code, billing.stderr).toBe(0);
    const list = await cli("links", "list");
    expect(list.stdout).toMatch(
      /promo\/spring\s+\/book-demo\?utm_source=sms&utm_medium=text&utm_campaign=spring\s+no\s+0/,
    );
    expect(list.stdout).toMatch(/account\/billing\s+https:\/\/my\.example\.com\/billing\s+yes/);
    expect((await cli("links", "rm", "promo", "spring", "--yes")).code).toBe(0);
    expect((await cli("links", "list")).stdout).not.toContain("promo/spring");
  });

  it("says whether links put created or replaced a link", async () => {
    expect((await cli("links", "put", "promo", "summer", "/pricing")).stdout).toMatch(/^Created /);
    const again = await cli("links", "put", "promo", "summer", "/book-demo");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe("Replaced https://www.example.com/to/promo/summer → /book-demo\n");
  });

  it("refuses rm without --yes when there is no terminal to ask on", async () => {
    await cli("links", "put", "promo", "keep", "/pricing");
    const refused = await cli("links", "rm", "promo", "keep");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "Delete the short link /to/promo/keep? There is no terminal to ask on: add --yes to confirm.",
    );
    const page = await cli("pages", "rm", "anything");
    expect(page.code).toBe(2);
    expect(page.stderr).toContain("add --yes");
    expect((await cli("links", "list")).stdout).toContain("promo/keep");
  });

  it("checks a writing command against the database with --dry-run, saving nothing", async () => {
    const dry = await cli("links", "put", "promo", "dry", "/pricing", "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("nothing was saved");
    expect(dry.stdout).toContain("Created https://www.example.com/to/promo/dry");
    const missing = await cli("links", "rm", "promo", "never", "--dry-run");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no link "promo/never"');
    await cli("links", "put", "promo", "stays", "/pricing");
    expect((await cli("links", "rm", "promo", "stays", "--dry-run")).code).toBe(0);
    const list = (await cli("links", "list")).stdout;
    expect(list).not.toContain("promo/dry");
    expect(list).toContain("promo/stays");
  });

  it("prints one JSON document and nothing else with --json", async () => {
    await cli("links", "put", "promo", "json", "/pricing");
    const links = await cli("links", "list", "--json");
    expect(links.code, links.stderr).toBe(0);
    expect(JSON.parse(links.stdout)).toContainEqual(
      expect.objectContaining({ cat: "promo", id: "json", target: "/pricing", clicks: 0 }),
    );
    for (const listing of [
      ["pages", "list"],
      ["users", "list"],
      ["report", "attribution"],
    ]) {
      const result = await cli(...listing, "--json");
      expect(result.code, listing.join(" ")).toBe(0);
      expect(() => JSON.parse(result.stdout), listing.join(" ")).not.toThrow();
    }
  });

  it("prints its version, shows help for one command and suggests the nearest to a typo", async () => {
    expect((await cli("--version")).stdout).toMatch(/^rise-admin \d+\.\d+\.\d+\n$/);
    const help = await cli("help", "links", "put");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: npx rise-admin links put <cat> <id> <target>");
    expect(help.stdout).toContain("--dry-run");
    const typo = await cli("links", "pt", "promo", "x", "/pricing");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown command "links pt"; did you mean "links put"?');
    expect((await cli("lnks", "list")).stderr).toContain('did you mean "links list"?');
  });

  it("shows times in the local time zone with its offset", async () => {
    const report = await cliWithEnv({ TZ: "Asia/Kolkata" }, "report", "attribution");
    expect(report.stdout).toMatch(
      /^No booked demos since \d{4}-\d{2}-\d{2} \d{2}:\d{2} \+05:30\.$/m,
    );
  });

  it("sets the status of a known user by email or uid, and refuses unknown users", async () => {
    const db = await openDatabase({ dataDir: pgliteDir(dataDir) });
    await db.db.insert(profiles).values({ uid: "u-1", email: "Baker@Example.com" });
    await db.close();

    const byEmail = await cli("users", "set-status", "baker@example.com", "quote");
    expect(byEmail.code, byEmail.stderr).toBe(0);
    expect((await cli("users", "set-status", "u-1", "active")).code).toBe(0);
    expect((await cli("users", "list")).stdout).toMatch(/Baker@Example\.com\s+u-1\s+active/);

    const unknown = await cli("users", "set-status", "ghost@example.com", "active");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("has signed in yet");
  });
});

describe("admin CLI: users set-role, asking the Auth emulator", () => {
  // Someone else keeps the role throughout: the last operator can't be taken off the team.
  beforeAll(async () => {
    await signedInBefore("colleague-operator", "colleague@example.com");
    const db = await openDatabase({ dataDir: pgliteDir(dataDir) });
    try {
      await db.db
        .update(profiles)
        .set({ role: "operator" })
        .where(eq(profiles.uid, "colleague-operator"));
    } finally {
      await db.close();
    }
  });

  it("gives the operator role to a verified address, printing the account first", async () => {
    const email = address("marketer");
    const { uid } = await newAccount(email, true);
    await signedInBefore(uid, email);

    const granted = await setRole(email.toUpperCase(), "operator");
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout.split("\n")).toEqual([
      expect.stringMatching(new RegExp(`^uid\\s+${uid}$`)),
      expect.stringMatching(
        new RegExp(`^e-mail\\s+${email.replaceAll(".", "\\.")} \\(verified\\)$`),
      ),
      expect.stringMatching(/^sign-in\s+password$/),
      expect.stringMatching(/^role\s+none → operator$/),
      `${email} now has the role operator`,
      "",
    ]);
    expect(await roleInDatabase(uid)).toBe("operator");
    expect((await cli("users", "list")).stdout).toMatch(
      new RegExp(`^${email.replaceAll(".", "\\.")}\\s+${uid}\\s+pending\\s+operator\\s`, "m"),
    );

    const again = await setRole(uid, "operator");
    expect(again.stdout).toContain(`${email} already has the role operator; nothing changed`);
    const removed = await setRole(email, "none");
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(/^role\s+operator → none$/m);
    expect(removed.stdout).toContain(`${email} now has no role`);
    expect(await roleInDatabase(uid)).toBeNull();
  });

  it("refuses the operator role to an unverified address, saying how to verify it, and changes nothing", async () => {
    const email = address("unverified");
    const { uid } = await newAccount(email);
    await signedInBefore(uid, email);

    const refused = await setRole(email, "operator");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error: ${email} is not a verified address (account ${uid}, signs in with password), so it can't be given the operator role`,
    );
    expect(refused.stderr).toContain('"Forgot password?" on the sign-in page');
    expect(refused.stdout).toBe("");
    // Refused before the database was even opened.
    expect(refused.stderr).not.toContain("database:");
    expect(await roleInDatabase(uid)).toBeNull();
    expect((await setRole(email, "operator", "--dry-run")).code).toBe(1);

    // Taking a role away needs no proof of the address.
    expect((await setRole(email, "none")).code).toBe(0);
  });

  it("gives the role by uid whatever the address, saying it is not verified", async () => {
    const email = address("by-uid");
    const { uid } = await newAccount(email);
    await signedInBefore(uid, email);

    const granted = await setRole(uid, "operator");
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toMatch(/^e-mail\s+\S+ \(not verified\)$/m);
    expect(granted.stdout).toMatch(/^role\s+none → operator$/m);
    expect(await roleInDatabase(uid)).toBe("operator");
  });

  it("gives nothing to whoever signed up first with a colleague's address", async () => {
    const colleague = address("maria");
    // The squatter signed up with the colleague's address before she did, and signed in.
    const squatter = await newAccount(colleague);
    await signedInBefore(squatter.uid, colleague);

    const refused = await setRole(colleague, "operator");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`account ${squatter.uid}, signs in with password`);
    expect(await roleInDatabase(squatter.uid)).toBeNull();
  });

  it("finds the profile by the identity service's uid, never by the address stored at first sign-in", async () => {
    const colleague = address("ana");
    // A squatter signed in first as the colleague's address, then moved the account to another
    // one, so the colleague could sign up (verified) too: two profiles carry her address.
    const squatter = await newAccount(colleague);
    await signedInBefore(squatter.uid, colleague);
    const squatterNow = address("squatter");
    await emulatorCall(`projects/${PROJECT}/accounts:update`, {
      localId: squatter.uid,
      email: squatterNow,
    });
    const owner = await newAccount(colleague, true);
    await signedInBefore(owner.uid, colleague);

    const granted = await setRole(colleague, "operator");
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toMatch(new RegExp(`^uid\\s+${owner.uid}$`, "m"));
    expect(await roleInDatabase(owner.uid)).toBe("operator");
    expect(await roleInDatabase(squatter.uid)).toBeNull();

    // By the squatter's uid, the printout says where that account's address came from.
    const byUid = await setRole(squatter.uid, "none");
    expect(byUid.stdout).toMatch(
      new RegExp(
        `^e-mail\\s+${squatterNow} \\(not verified\\); first signed in as ${colleague}$`,
        "m",
      ),
    );
  });

  it("refuses an account that never signed in, and one the identity service doesn't have", async () => {
    const email = address("never-signed-in");
    const { uid } = await newAccount(email, true);
    for (const who of [email, uid]) {
      const refused = await setRole(who, "operator");
      expect(refused.code, who).toBe(1);
      expect(refused.stderr).toContain(`${who} has signed in yet; they must sign in once first`);
    }
    for (const who of ["ghost@example.com", "ghost-uid"]) {
      const ghost = await setRole(who, "operator");
      expect(ghost.code, who).toBe(1);
      expect(ghost.stderr).toMatch(
        /the identity service has no account with (the e-mail address|uid) ghost/,
      );
    }
    expect((await cli("users", "list")).stdout).not.toContain("ghost");
  });

  it("takes the role from a profile whose account was deleted, by uid", async () => {
    await signedInBefore("deleted-account", "gone@example.com");
    const db = await openDatabase({ dataDir: pgliteDir(dataDir) });
    await db.db
      .update(profiles)
      .set({ role: "operator" })
      .where(eq(profiles.uid, "deleted-account"));
    await db.close();

    expect((await setRole("deleted-account", "operator")).code).toBe(1);
    const removed = await setRole("deleted-account", "none");
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(
      "gone@example.com (no account in the identity service any more)",
    );
    expect(await roleInDatabase("deleted-account")).toBeNull();
  });

  it("says so in words when the identity service can't be reached, and changes nothing", async () => {
    const email = address("offline");
    const { uid } = await newAccount(email, true);
    await signedInBefore(uid, email);
    const unreachable = `127.0.0.1:${await freePort()}`;

    for (const role of ["operator", "none"]) {
      const result = await cliWithEnv(
        { FIREBASE_AUTH_EMULATOR_HOST: unreachable },
        "users",
        "set-role",
        email,
        role,
      );
      expect(result.code, role).toBe(1);
      expect(result.stderr).toContain(
        `error: could not reach the Auth emulator at ${unreachable} to check the account, so nothing was changed`,
      );
      expect(result.stderr).not.toContain("database:");
    }
    expect(await roleInDatabase(uid)).toBeNull();
  });

  it("refuses an unknown role with exit 2, before asking anyone", async () => {
    const bad = await setRole("marketer@example.com", "admin");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('role "admin" is not one of: operator, none');
    expect(bad.stderr).not.toContain("database:");
  });
});

describe("admin CLI: which database", () => {
  it("says on stderr which database a command opens", async () => {
    const list = await cli("links", "list");
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).toBe("database: embedded, data/\n");
  });

  it("refuses to run in production without DATABASE_URL, naming it", async () => {
    const result = await cliWithEnv({ FIREBASE_PROJECT_ID: "rise-prod" }, "links", "list");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL: required in production/);
    expect(result.stdout).toBe("");
  });

  it("names DATABASE_URL and the host when the server can't be reached, hiding the password", async () => {
    const result = await cliWithEnv(
      { DATABASE_URL: `postgres://rise:s3cret@127.0.0.1:${await freePort()}/rise` },
      "links",
      "list",
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^database: postgres:\/\/rise@127\.0\.0\.1:\d+\/rise \(password hidden\)$/m,
    );
    expect(result.stderr).toMatch(
      /could not connect to the database in DATABASE_URL \(host 127\.0\.0\.1:\d+\)/,
    );
    expect(result.stderr).not.toContain("s3cret");
  });
});

/** Booked demos as the booking record keeps them (one row per invitee; "" is no name). */
async function addBookings(rows: Array<Partial<typeof demoBookings.$inferInsert>>) {
  const db = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    await db.db.insert(demoBookings).values(
      rows.map((row) => ({
        invitee: `browser:${randomUUID()}`,
        day: new Date().toISOString().slice(0, 10),
        ...row,
      })),
    );
  } finally {
    await db.close();
  }
}

describe("admin CLI: report attribution", () => {
  it("says so when there are no booked demos", async () => {
    const empty = await cli("report", "attribution");
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toMatch(
      /^No booked demos since \d{4}-\d{2}-\d{2} \d{2}:\d{2} [+-]\d{2}:\d{2}\.$/m,
    );
  });

  it("counts booked demos by source / medium / campaign and by landing page, most first", async () => {
    const spring = { source: "fb", medium: "cpc", campaign: "spring" };
    await addBookings([
      { ...spring, landing: "/" },
      { ...spring, landing: "/pricing", confirmed: true },
      { ...spring, landing: "/" },
      { source: "www.google.com", landing: "/pricing" },
      { landing: null },
      // Taken back by the invitee: not a booked demo any more.
      { campaign: "canceled-campaign", canceledAt: new Date() },
      { source: "old-campaign", createdAt: new Date(Date.now() - 40 * 86_400_000) },
    ]);

    const report = await cli("report", "attribution");
    expect(report.code, report.stderr).toBe(0);
    const lines = report.stdout.split("\n");
    expect(lines[0]).toMatch(/^5 booked demos since /);
    const bySource = lines.indexOf("By source / medium / campaign:");
    expect(lines[bySource + 1]).toMatch(/^SOURCE\s+MEDIUM\s+CAMPAIGN\s+DEMOS$/);
    expect(lines[bySource + 2]).toMatch(/^fb\s+cpc\s+spring\s+3$/);
    expect(lines.slice(bySource + 3, bySource + 5).sort()).toEqual([
      expect.stringMatching(/^\(none\)\s+-\s+-\s+1$/),
      expect.stringMatching(/^www\.google\.com\s+-\s+-\s+1$/),
    ]);
    const byLanding = lines.indexOf("By landing page:");
    expect(lines.slice(byLanding + 1, byLanding + 5)).toEqual([
      expect.stringMatching(/^LANDING PAGE\s+DEMOS$/),
      expect.stringMatching(/^\/\s+2$/),
      expect.stringMatching(/^\/pricing\s+2$/),
      expect.stringMatching(/^\(unknown\)\s+1$/),
    ]);
    expect(report.stdout).not.toContain("old-campaign");
    expect(report.stdout).not.toContain("canceled-campaign");

    const longer = await cli("report", "attribution", "--since", "60d");
    expect(longer.stdout).toMatch(/^6 booked demos since /);
    expect(longer.stdout).toMatch(/^old-campaign\s+-\s+-\s+1$/m);
  });

  it("prints control and format characters in names escaped, as text and as JSON", async () => {
    // Stored before the events schema refused them: a CSI (U+009B) and a right-to-left override.
    const csi = "\u009b31mRED";
    const flipped = "invoice\u202Etxt.exe";
    await addBookings([{ source: "escape-test", campaign: csi, landing: `/${flipped}` }]);

    const report = await cli("report", "attribution");
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/^escape-test\s+-\s+\\u\{9b\}31mRED\s+1$/m);
    expect(report.stdout).toMatch(/^\/invoice\\u\{202e\}txt\.exe\s+1$/m);
    expect(report.stdout).not.toMatch(/[\u0080-\u009f\u202e]/);

    const json = await cli("report", "attribution", "--json");
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toContain("\\u009b31mRED");
    expect(json.stdout).not.toMatch(/[\u0080-\u009f\u202e]/);
    const parsed = JSON.parse(json.stdout) as {
      bySource: Array<{ campaign: string | null }>;
      byLanding: Array<{ landing: string | null }>;
    };
    expect(parsed.bySource.map((row) => row.campaign)).toContain(csi);
    expect(parsed.byLanding.map((row) => row.landing)).toContain(`/${flipped}`);
  });

  it("refuses a bad --since or extra arguments with exit 2", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["report", "attribution", "--since", "yesterday"], /number of days or hours/],
      [["report", "attribution", "--since", "2999-01-01"], /in the future/],
      [["report", "attribution", "--since"], /argument missing/],
      [["report", "attribution", "fb"], /expected no arguments/],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(...args)));
    results.forEach((result, i) => {
      const [args, message] = cases[i] as [string[], RegExp];
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toMatch(message);
    });
  });
});

describe("admin CLI while the local server runs", () => {
  let server: LocalServer;

  beforeAll(async () => {
    server = await startLocalServer({
      env: {
        ...env(),
        PORT: String(await freePort()),
        DB_SOCKET_PORT: "0",
        LOG_LEVEL: "silent",
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        WEB_BUILD_DIR: path.join(workDir, "no-build"),
      },
      handleSignals: false,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("writes through the server's shared database, visible to the API at once", async () => {
    const source = file("faq.md", "## Questions\n\nAsk us.");
    const put = await cli("pages", "put", "faq", source, "--title", "FAQ");
    expect(put.code, put.stderr).toBe(0);
    const response = await fetch(`${server.url}/api/p/faq`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      title: "FAQ",
      content: expect.stringContaining("Ask us."),
    });

    // The seed ran on the server's start (local mode): the legal pages exist.
    expect((await cli("pages", "list")).stdout).toContain("privacy-policy");
  });

  it("leaves the dashboard shut to whoever signed up with a colleague's address", async () => {
    const asUser = (idToken: string) => ({ headers: { Authorization: `Bearer ${idToken}` } });
    const colleague = address("colleague");
    const squatter = await newAccount(colleague);
    // A first sign-in makes the profile, under the address the token carries.
    expect((await fetch(`${server.url}/api/me`, asUser(squatter.idToken))).status).toBe(200);

    const refused = await setRole(colleague, "operator");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${colleague} is not a verified address`);
    const funnel = await fetch(`${server.url}/api/admin/funnel`, asUser(squatter.idToken));
    expect(funnel.status).toBe(403);

    // The same command for a verified address counts from the account's next request.
    const marketer = address("verified-marketer");
    const { idToken } = await newAccount(marketer, true);
    expect((await fetch(`${server.url}/api/me`, asUser(idToken))).status).toBe(200);
    const granted = await setRole(marketer, "operator");
    expect(granted.code, granted.stderr).toBe(0);
    const me = await fetch(`${server.url}/api/me`, asUser(idToken));
    expect(await me.json()).toMatchObject({ user: { profile: { role: "operator" } } });
  });
});
