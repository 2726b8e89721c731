import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { type ActivityEntry, activityPageSchema } from "@bakery/shared/admin-activity-contract";
import {
  NO_ACCOUNT,
  type TeamInvitation,
  type TeamMember,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from "@bakery/shared/admin-team-contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthEmulator } from "../../../../scripts/auth-emulator.ts";
import { userCommands } from "../admin/commands/users.ts";
import { type IdentityAccounts, identityAccounts } from "../auth/identity-accounts.ts";
import { createEmulatorVerifier, type IdTokenVerifier } from "../auth/verify-id-token.ts";
import { loadServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/open-database.ts";
import { activityEntries, profiles } from "../db/schema.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freePort } from "../test-support/free-port.ts";
import { emptyDatabasePerTest } from "../test-support/fresh-per-test.ts";
import {
  emulatorCall,
  newEmulatorAccount,
  startTestAuthEmulator,
  TEST_EMULATOR_PROJECT,
} from "../test-support/test-auth-emulator.ts";
import { testBackends } from "../test-support/test-database.ts";
import { startTestServer, type TestServer, testConfig } from "../test-support/test-server.ts";

/**
 * The team screen's API over HTTP, against a real Auth emulator (its accounts, their verified
 * addresses, their ID tokens): operators list the team, give the role by a verified address and
 * take it away, never from the last operator, each change in one transaction with its activity
 * entry; `rise-admin users set-role` makes the same changes by the same rules.
 */

let emulator: AuthEmulator;
let verifier: IdTokenVerifier;
let identity: IdentityAccounts;

const identityAt = (host: string) =>
  identityAccounts({
    mode: "local",
    FIREBASE_PROJECT_ID: TEST_EMULATOR_PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: host,
  });

beforeAll(async () => {
  emulator = await startTestAuthEmulator();
  verifier = createEmulatorVerifier({
    projectId: TEST_EMULATOR_PROJECT,
    emulatorHost: emulator.host,
  });
  identity = identityAt(emulator.host);
});
afterAll(async () => {
  await verifier?.close?.();
  await emulator?.stop();
});

/** A unique address, so the accounts one test makes in the emulator never meet another's. */
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** An invitation made by `by` `minutesAgo`, as the activity log keeps it. */
const invitationEntry = (by: { uid: string; email: string }, minutesAgo: number) => ({
  at: new Date(Date.now() - minutesAgo * 60_000),
  actorUid: by.uid,
  actor: by.email,
  kind: "operator.invited",
  subject: address("earlier"),
});

type Account = Awaited<ReturnType<typeof newEmulatorAccount>>;

describe.each(testBackends({ postgresDatabase: "team_admin" }))(
  "the team screen's API against $name",
  ({ name, open }) => {
    let ann: Account;
    let bob: Account;
    let baker: Account;
    beforeAll(async () => {
      ann = await newEmulatorAccount(emulator, address("ann"), true);
      bob = await newEmulatorAccount(emulator, address("bob"), true);
      baker = await newEmulatorAccount(emulator, address("baker"), true);
    });
    const database = emptyDatabasePerTest(open, (handle) =>
      handle.db.insert(profiles).values([
        { uid: ann.uid, email: ann.email, status: "active", role: "operator" },
        { uid: bob.uid, email: bob.email, status: "active", role: "operator" },
        { uid: baker.uid, email: baker.email, status: "active" },
      ]),
    );
    let server: TestServer;
    beforeEach(async () => {
      server = await startTestServer(database.handle, { verifier, identity });
    });
    afterEach(async () => {
      await server?.close();
    });

    const call = (
      method: string,
      path: string,
      options: { as?: Account | null; body?: unknown; headers?: Record<string, string> } = {},
      on: TestServer = server,
    ) => {
      const { as = ann, body, headers = {} } = options;
      return fetch(`${on.url}${path}`, {
        method,
        headers: {
          ...(as === null ? {} : { Authorization: `Bearer ${as.idToken}` }),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    const grant = (email: string, as: Account = ann) =>
      call("POST", "/admin/team", { as, body: { email } });
    const invite = async (email: string): Promise<TeamInvitation> => {
      const response = await call("POST", "/admin/team/invitations", { body: { email } });
      expect(response.status, await response.clone().text()).toBe(201);
      return teamInvitationSchema.parse(await response.json());
    };
    const revoke = (uid: string, as: Account = ann, on: TestServer = server) =>
      call("DELETE", `/admin/team/${encodeURIComponent(uid)}`, { as }, on);
    const memberOf = async (response: Response, status: number): Promise<TeamMember> => {
      expect(response.status, await response.clone().text()).toBe(status);
      return teamMemberSchema.parse(await response.json());
    };
    const team = async (as: Account = ann) => {
      const response = await call("GET", "/admin/team", { as });
      expect(response.status, await response.clone().text()).toBe(200);
      return teamSchema.parse(await response.json()).operators;
    };
    const activity = async (as: Account = ann): Promise<ActivityEntry[]> => {
      const response = await call("GET", "/admin/activity", { as });
      expect(response.status).toBe(200);
      return activityPageSchema.parse(await response.json()).entries;
    };
    const entryCount = async () => (await database.handle.db.select().from(activityEntries)).length;
    const profileOf = async (uid: string) =>
      (await database.handle.db.select().from(profiles).where(eq(profiles.uid, uid)))[0];
    const byEmail = (accounts: Account[]) => accounts.map((account) => account.email).toSorted();

    it("lists the operators by e-mail, and gives the role to a verified address once", async () => {
      expect(await team()).toEqual(
        [ann, bob]
          .toSorted((a, b) => a.email.localeCompare(b.email))
          .map((account) => ({ uid: account.uid, email: account.email, since: null })),
      );
      const carol = await newEmulatorAccount(emulator, address("carol"), true);
      await database.handle.db
        .insert(profiles)
        .values({ uid: carol.uid, email: carol.email, status: "active" });

      const added = await memberOf(await grant(carol.email.toUpperCase()), 201);
      expect(added).toEqual({ uid: carol.uid, email: carol.email, since: expect.any(String) });
      expect(byEmail([ann, bob, carol])).toEqual((await team()).map((member) => member.email));
      expect((await team()).find((member) => member.uid === carol.uid)).toEqual(added);
      // Her own status is kept; she can now open the back office.
      expect(await profileOf(carol.uid)).toMatchObject({ status: "active", role: "operator" });
      expect((await team(carol)).length).toBe(3);

      const [entry, ...others] = await activity();
      expect(others).toEqual([]);
      expect(entry).toMatchObject({
        kind: "operator.granted",
        subject: carol.email,
        actor: { uid: ann.uid, name: ann.email },
        before: { uid: carol.uid, email: carol.email, role: null },
        after: { uid: carol.uid, email: carol.email, role: "operator" },
      });
      expect(added.since).toBe(entry?.at);

      // Already an operator: 200, nothing written or recorded.
      expect(await memberOf(await grant(carol.email, bob), 200)).toEqual(added);
      expect(await entryCount()).toBe(1);
    });

    it("gives the role to a verified account that never signed in, making its profile", async () => {
      const dave = await newEmulatorAccount(emulator, address("dave"), true);
      await memberOf(await grant(dave.email), 201);
      expect(await profileOf(dave.uid)).toMatchObject({
        email: dave.email,
        status: "pending",
        role: "operator",
      });
      // Their first request as themselves finds the profile made for them.
      expect((await team(dave)).map((member) => member.uid)).toContain(dave.uid);
    });

    it("refuses an unverified address, saying how its owner verifies it, and changes nothing", async () => {
      // One signed up with a colleague's address and signed in; one never signed in.
      const squatter = await newEmulatorAccount(emulator, address("maria"));
      await database.handle.db
        .insert(profiles)
        .values({ uid: squatter.uid, email: squatter.email });
      const newcomer = await newEmulatorAccount(emulator, address("newcomer"));
      for (const unverified of [squatter, newcomer]) {
        const refused = await expectApiError(
          await grant(unverified.email),
          422,
          "unprocessable_content",
        );
        expect(refused.error.message).toContain(`${unverified.email} is not verified yet`);
        expect(refused.error.message).toContain('"Forgot password?" on the sign-in page');
      }
      expect((await profileOf(squatter.uid))?.role).toBeNull();
      expect(await database.handle.db.select().from(profiles)).toHaveLength(4);
      expect(await entryCount()).toBe(0);
    });

    it("refuses an address without an account, and a body that is not an address, in words", async () => {
      const ghost = address("ghost");
      const unknown = await expectApiError(await grant(ghost), 422, NO_ACCOUNT);
      expect(unknown.error.message).toBe(
        `There is no account with the address ${ghost} yet. Make an invitation link for them: with it they choose a password, and then you add them again.`,
      );
      const notAnAddress = await expectApiError(
        await grant("ann at example"),
        422,
        "unprocessable_content",
      );
      expect(notAnAddress.error.message).toBe(
        "email: must be an e-mail address, like ann@example.com",
      );
      await expectApiError(
        await call("POST", "/admin/team", { body: { email: ann.email, role: "owner" } }),
        422,
        "unprocessable_content",
      );
      await expectApiError(
        await call("POST", "/admin/team", {
          headers: { "Content-Type": "text/plain" },
          body: ann.email,
        }),
        415,
        "unsupported_media_type",
      );
      await expectApiError(
        await call("POST", "/admin/team", {
          headers: { "Content-Type": "application/json" },
          body: undefined,
        }),
        400,
        "bad_request",
      );
      expect(await database.handle.db.select().from(profiles)).toHaveLength(3);
      expect(await entryCount()).toBe(0);
    });

    it("invites an address without an account: its link sets a password and verifies it, then the role is given", async () => {
      const dora = address("dora");
      const invited = await invite(dora);
      expect(invited).toEqual({ email: dora, link: expect.any(String) });
      const made = await identity.find(dora);
      expect(made).toMatchObject({ email: dora, emailVerified: false });
      // Not yet: the address is proven only once the link is followed.
      const early = await expectApiError(await grant(dora), 422, NO_ACCOUNT);
      expect(early.error.message).toBe(
        `${dora} was invited but has not chosen a password yet, so it can't be given the operator role. If the invitation link was lost or an hour has passed, make a new one: it works the same way.`,
      );

      // What the sign-in service's page does with the link: the new password, by its code.
      const oobCode = new URL(invited.link).searchParams.get("oobCode");
      expect(oobCode).toBeTruthy();
      await emulatorCall(emulator, "accounts:resetPassword?key=test-key", {
        oobCode,
        newPassword: "dora-chose-this-1",
      });
      expect(await identity.find(dora)).toMatchObject({ uid: made?.uid, emailVerified: true });
      await memberOf(await grant(dora), 201);

      const [granted, entry, ...others] = await activity();
      expect(others).toEqual([]);
      expect(granted).toMatchObject({ kind: "operator.granted", subject: dora });
      expect(entry).toMatchObject({
        kind: "operator.invited",
        subject: dora,
        actor: { uid: ann.uid, name: ann.email },
        before: null,
        after: { uid: made?.uid, email: dora, role: null },
      });
      // The link sets the password: whoever reads the log must not be able to.
      expect(JSON.stringify(entry)).not.toContain(oobCode);
    });

    it("makes a new link for an invitation not used yet, and none once its password is chosen", async () => {
      const erin = address("erin");
      const first = await invite(erin);
      // The first link lost, or its hour passed: the account nobody can sign in to yet is
      // invited again, the same account.
      const second = await invite(erin);
      expect(second.link).not.toBe(first.link);
      const made = await identity.find(erin);
      expect(made).toMatchObject({ email: erin, emailVerified: false, providers: [] });

      await emulatorCall(emulator, "accounts:resetPassword?key=test-key", {
        oobCode: new URL(second.link).searchParams.get("oobCode"),
        newPassword: "erin-chose-this-1",
      });
      expect(await identity.find(erin)).toMatchObject({ uid: made?.uid, emailVerified: true });
      // Now the account is someone's: no link sets its password any more.
      await expectApiError(
        await call("POST", "/admin/team/invitations", { body: { email: erin } }),
        409,
        "conflict",
      );
      const entries = await activity();
      expect(entries.map((entry) => [entry.kind, entry.subject])).toEqual([
        ["operator.invited", erin],
        ["operator.invited", erin],
      ]);
    });

    it("lets one operator make at most 10 invitations an hour, saying when the next can be made", async () => {
      // Nine made half an hour ago and one over an hour ago (no longer counted), as the log has them.
      await database.handle.db
        .insert(activityEntries)
        .values(
          [61, ...Array.from({ length: 9 }, () => 30)].map((minutes) =>
            invitationEntry(ann, minutes),
          ),
        );
      await invite(address("tenth"));

      const eleventh = address("eleventh");
      const response = await call("POST", "/admin/team/invitations", { body: { email: eleventh } });
      const refused = await expectApiError(response, 429, "rate_limited");
      expect(refused.error.message).toBe(
        "You have made 10 invitations within the last hour, the most one operator can. Make the next one in 30 minutes.",
      );
      const wait = Number(response.headers.get("Retry-After"));
      expect(wait).toBeGreaterThan(29 * 60);
      expect(wait).toBeLessThanOrEqual(30 * 60);
      expect(await identity.find(eleventh)).toBeNull();
      // Each operator has their own hour.
      const byBob = await call("POST", "/admin/team/invitations", {
        as: bob,
        body: { email: eleventh },
      });
      expect(byBob.status, await byBob.clone().text()).toBe(201);
    });

    it("counts the wait from the tenth newest invitation when more than 10 are in the hour", async () => {
      // Two made at the same instant can make 11: one 55 minutes ago and ten 10 minutes ago.
      // Only when one of the ten leaves the hour are fewer than 10 left in it.
      await database.handle.db
        .insert(activityEntries)
        .values(
          [55, ...Array.from({ length: 10 }, () => 10)].map((minutes) =>
            invitationEntry(ann, minutes),
          ),
        );

      const response = await call("POST", "/admin/team/invitations", {
        body: { email: address("twelfth") },
      });
      const refused = await expectApiError(response, 429, "rate_limited");
      expect(refused.error.message).toContain("Make the next one in 50 minutes.");
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(49 * 60);
    });

    it("invites no address that has an account, whoever uses it, and says why in words", async () => {
      // An unverified account may be a customer's who hasn't verified yet: a password link for
      // it would let the operator take it over.
      const customer = await newEmulatorAccount(emulator, address("customer"));
      const unverified = await expectApiError(
        await call("POST", "/admin/team/invitations", { body: { email: customer.email } }),
        409,
        "conflict",
      );
      expect(unverified.error.message).toContain(
        `${customer.email} has an account already, so it gets no invitation`,
      );
      expect(unverified.error.message).toContain('"Forgot password?" on the sign-in page');
      // Still the customer's: the password they chose signs them in.
      const signedIn = await emulatorCall(emulator, "accounts:signInWithPassword?key=test-key", {
        email: customer.email,
        password: "bakery-test-1",
        returnSecureToken: true,
      });
      expect(signedIn.localId).toBe(customer.uid);

      const refused = await expectApiError(
        await call("POST", "/admin/team/invitations", { body: { email: bob.email } }),
        409,
        "conflict",
      );
      expect(refused.error.message).toBe(
        `${bob.email} has a verified account already, so it needs no invitation: add them as an operator`,
      );
      await expectApiError(
        await call("POST", "/admin/team/invitations", { body: { email: "ann at example" } }),
        422,
        "unprocessable_content",
      );
      expect(await entryCount()).toBe(0);
    });

    it("answers 503 in words when the identity service can't be asked, changing nothing", async () => {
      const carol = await newEmulatorAccount(emulator, address("carol"), true);
      const offline = await startTestServer(database.handle, {
        verifier,
        identity: identityAt(`127.0.0.1:${await freePort()}`),
      });
      try {
        const response = await call(
          "POST",
          "/admin/team",
          { body: { email: carol.email } },
          offline,
        );
        const refused = await expectApiError(response, 503, "service_unavailable");
        expect(refused.error.message).toBe(
          `The sign-in service could not be asked about ${carol.email} just now, so nothing was changed. Try again in a moment.`,
        );
        expect(response.headers.get("Retry-After")).toBe("5");
        const invitation = await call(
          "POST",
          "/admin/team/invitations",
          { body: { email: address("dora") } },
          offline,
        );
        await expectApiError(invitation, 503, "service_unavailable");
      } finally {
        await offline.close();
        // firebase-admin finds the emulator through the environment, which that lookup changed.
        process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
      }
      expect(await profileOf(carol.uid)).toBeUndefined();
      expect(await entryCount()).toBe(0);
    });

    it("takes the role away: the account's next request is refused, and the change recorded", async () => {
      expect((await revoke(bob.uid)).status).toBe(204);
      expect((await team()).map((member) => member.uid)).toEqual([ann.uid]);
      await expectApiError(await call("GET", "/admin/team", { as: bob }), 403, "forbidden");
      const [entry] = await activity();
      expect(entry).toMatchObject({
        kind: "operator.revoked",
        subject: bob.email,
        actor: { uid: ann.uid, name: ann.email },
        before: { uid: bob.uid, email: bob.email, role: "operator" },
        after: { uid: bob.uid, email: bob.email, role: null },
      });

      const again = await expectApiError(await revoke(bob.uid), 404, "not_found");
      expect(again.error.message).toContain(`No operator has the account id ${bob.uid}`);
      await expectApiError(await revoke(baker.uid), 404, "not_found");
      await expectApiError(await revoke("x".repeat(129)), 400, "bad_request");
      expect(await entryCount()).toBe(1);

      // Given back, the list says since when: the newest grant, not an older one.
      await memberOf(await grant(bob.email), 201);
      const [regranted] = await activity();
      const listed = (await team()).find((member) => member.uid === bob.uid);
      expect(listed?.since).toBe(regranted?.at);
    });

    it("keeps the last operator: removing themselves is refused in words", async () => {
      expect((await revoke(bob.uid)).status).toBe(204);
      const refused = await expectApiError(await revoke(ann.uid), 409, "conflict");
      expect(refused.error.message).toMatch(/^You are the last operator: /);
      expect(refused.error.message).toContain("Give the role to a colleague first");
      expect((await team()).map((member) => member.uid)).toEqual([ann.uid]);
      expect(await entryCount()).toBe(1);

      // One of two may leave.
      await memberOf(await grant(bob.email), 201);
      expect((await revoke(ann.uid, ann)).status).toBe(204);
      expect((await team(bob)).map((member) => member.uid)).toEqual([bob.uid]);
    });

    /**
     * Two removals sent at once. On PostgreSQL a transaction first holds the operators' rows,
     * so both requests are seen waiting for them before it lets go: they truly overlap.
     */
    async function atOnce(
      requests: (on: TestServer) => Array<Promise<Response>>,
    ): Promise<number[]> {
      if (name !== "postgres") {
        return (await Promise.all(requests(server))).map((response) => response.status);
      }
      const patient = await startTestServer(database.handle, {
        verifier,
        identity,
        // Long enough to wait for the holding transaction on a busy machine.
        config: { ...testConfig, DATABASE_TIMEOUT_MS: 60_000 },
      });
      try {
        let answers: Array<Promise<Response>> = [];
        await database.handle.db.transaction(async (tx) => {
          // Its own lock, not lockOperators: the test must not lean on the code it checks.
          await tx.execute(sql`select uid from profiles where role = 'operator' for update`);
          answers = requests(patient);
          await vi.waitFor(async () => expect(await waitingForLocks(database.handle)).toBe(2), {
            timeout: 60_000,
            interval: 50,
          });
        });
        return (await Promise.all(answers)).map((response) => response.status);
      } finally {
        await patient.close();
      }
    }

    it("never leaves the team without an operator when two remove each other at once", async () => {
      const statuses = await atOnce((on) => [revoke(bob.uid, ann, on), revoke(ann.uid, bob, on)]);
      // The second to get the rows finds it no longer has the role.
      expect(statuses.toSorted()).toEqual([204, 403]);
      expect(await team(await survivor())).toHaveLength(1);
      expect(await entryCount()).toBe(1);
    });

    it("never leaves the team without an operator when both remove themselves at once", async () => {
      const statuses = await atOnce((on) => [revoke(ann.uid, ann, on), revoke(bob.uid, bob, on)]);
      expect(statuses.toSorted()).toEqual([204, 409]);
      expect(await team(await survivor())).toHaveLength(1);
      expect(await entryCount()).toBe(1);
    });

    /** The one of ann and bob who is still an operator. */
    async function survivor(): Promise<Account> {
      const operators = await database.handle.db
        .select({ uid: profiles.uid })
        .from(profiles)
        .where(eq(profiles.role, "operator"));
      expect(operators).toHaveLength(1);
      return operators[0]?.uid === ann.uid ? ann : bob;
    }

    it("answers 401 signed out and 403 to a non-operator on every route", async () => {
      const routes: Array<[string, string, unknown]> = [
        ["GET", "/admin/team", undefined],
        ["POST", "/admin/team", { email: baker.email }],
        ["POST", "/admin/team/invitations", { email: address("nobody") }],
        ["DELETE", `/admin/team/${ann.uid}`, undefined],
      ];
      for (const [method, path, body] of routes) {
        await expectApiError(await call(method, path, { as: null, body }), 401, "unauthorized");
        await expectApiError(await call(method, path, { as: baker, body }), 403, "forbidden");
      }
      expect((await team()).map((member) => member.uid).toSorted()).toEqual(
        [ann.uid, bob.uid].toSorted(),
      );
      expect(await entryCount()).toBe(0);
    });

    it("records rise-admin users set-role as the CLI on this host, keeping the last operator", async () => {
      const carol = await newEmulatorAccount(emulator, address("carol"), true);
      await database.handle.db.insert(profiles).values({ uid: carol.uid, email: carol.email });
      const setRole = async (who: string, role: string) => {
        const command = userCommands.find((c) => c.name === "set-role");
        const config = loadServerConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
        const action = await command?.prepare(
          { args: { "email-or-uid": who, role }, options: {} },
          config,
        );
        const printed: string[] = [];
        await action?.(database.handle.db, (line) => printed.push(line));
        return printed.join("\n");
      };

      expect(await setRole(carol.email, "operator")).toContain(
        `${carol.email} now has the role operator`,
      );
      expect(await setRole(ann.email, "none")).toContain(`${ann.email} now has no role`);
      expect(await setRole(bob.uid, "none")).toContain(`${bob.email} now has no role`);
      await expect(setRole(carol.email, "none")).rejects.toThrow(
        `${carol.email} is the last operator: without the role no one could open the back office or give it back. Give it to someone else first; nothing was changed.`,
      );
      expect((await profileOf(carol.uid))?.role).toBe("operator");

      const entries = (await activity(carol)).toReversed();
      const cli = { uid: null, name: `CLI on ${hostname()}` };
      expect(entries).toMatchObject([
        {
          kind: "operator.granted",
          subject: carol.email,
          actor: cli,
          before: { uid: carol.uid, email: carol.email, role: null },
          after: { uid: carol.uid, email: carol.email, role: "operator" },
        },
        { kind: "operator.revoked", subject: ann.email, actor: cli, after: { role: null } },
        { kind: "operator.revoked", subject: bob.email, actor: cli, after: { role: null } },
      ]);
      expect(entries).toHaveLength(3);
    });
  },
);

/** How many of the database's sessions are waiting for a lock another transaction holds. */
async function waitingForLocks(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.db.execute<{ waiting: number }>(
    sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (
    (Array.isArray(rows) ? rows : (rows as { rows: Array<{ waiting: number }> }).rows)[0]
      ?.waiting ?? 0
  );
}
