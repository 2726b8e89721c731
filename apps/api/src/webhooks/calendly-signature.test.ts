import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CALENDLY_SIGNATURE_TOLERANCE_SECONDS,
  signCalendlyPayload,
  verifyCalendlySignature,
} from "./calendly-signature.ts";

const key = "calendly_unit_test_key";
const body = '{"event":"invitee.created","payload":{"uri":"https://api.calendly.com/x"}}';
const signedAt = 1_800_000_000;

const verify = (header: string | undefined, options: { body?: string; now?: number } = {}) =>
  verifyCalendlySignature({
    header,
    body: options.body ?? body,
    key,
    nowSeconds: options.now ?? signedAt,
  });

const problem = (check: ReturnType<typeof verify>) => (check.ok ? undefined : check.problem);

describe("verifyCalendlySignature", () => {
  it("accepts the provider's signature of the raw body, as bytes or as text", () => {
    // Written out as the provider's guide computes it, not with signCalendlyPayload.
    const v1 = createHmac("sha256", key).update(`${signedAt}.${body}`).digest("hex");
    const header = `t=${signedAt},v1=${v1}`;
    expect(signCalendlyPayload(body, key, signedAt)).toBe(header);
    expect(verify(header)).toEqual({ ok: true });
    expect(
      verifyCalendlySignature({
        header,
        body: new TextEncoder().encode(body),
        key,
        nowSeconds: signedAt,
      }),
    ).toEqual({ ok: true });
  });

  it("refuses a body changed after signing, or signed with another key", () => {
    const header = signCalendlyPayload(body, key, signedAt);
    const tampered = body.replace("created", "canceled");
    expect(problem(verify(header, { body: tampered }))).toBe(
      "The Calendly-Webhook-Signature does not match the body",
    );
    const foreign = signCalendlyPayload(body, "someone_elses_key", signedAt);
    expect(problem(verify(foreign))).toBe("The Calendly-Webhook-Signature does not match the body");
    // The time is signed too: moving it breaks the signature.
    const moved = header.replace(`t=${signedAt}`, `t=${signedAt + 1}`);
    expect(problem(verify(moved))).toBe("The Calendly-Webhook-Signature does not match the body");
  });

  it("accepts a signature up to three minutes old or ahead, and refuses it beyond", () => {
    const header = signCalendlyPayload(body, key, signedAt);
    const limit = CALENDLY_SIGNATURE_TOLERANCE_SECONDS;
    expect(limit).toBe(180);
    expect(verify(header, { now: signedAt + limit })).toEqual({ ok: true });
    expect(verify(header, { now: signedAt - limit })).toEqual({ ok: true });
    const stale =
      "The Calendly-Webhook-Signature is more than 3 minutes old, or ahead of our clock: only a fresh delivery is accepted";
    expect(problem(verify(header, { now: signedAt + limit + 1 }))).toBe(stale);
    expect(problem(verify(header, { now: signedAt - limit - 1 }))).toBe(stale);
  });

  it.each([
    ["no header", undefined, "Calendly-Webhook-Signature header missing"],
    ["an empty header", "", "Calendly-Webhook-Signature header missing"],
    ["no time", `v1=${"a".repeat(64)}`, "malformed"],
    ["no signature", `t=${signedAt}`, "malformed"],
    ["a time that is not a number", `t=soon,v1=${"a".repeat(64)}`, "malformed"],
    ["two times", `t=${signedAt},t=${signedAt},v1=${"a".repeat(64)}`, "malformed"],
    ["a short signature", `t=${signedAt},v1=abc`, "malformed"],
    ["a signature that is not hex", `t=${signedAt},v1=${"z".repeat(64)}`, "malformed"],
    ["a part without =", `t=${signedAt},v1`, "malformed"],
    ["a value with a second =", `t=${signedAt},v1=${"a".repeat(64)}=`, "malformed"],
  ])("refuses %s", (_name, header, expected) => {
    const message =
      expected === "malformed"
        ? "The Calendly-Webhook-Signature header is not of the form t=<time>,v1=<signature>"
        : expected;
    expect(problem(verify(header))).toBe(message);
  });

  it("accepts a header with several v1 entries when one matches, with spaces and other schemes", () => {
    const good = signCalendlyPayload(body, key, signedAt).split(",v1=")[1];
    const other = signCalendlyPayload(body, "previous_key", signedAt).split(",v1=")[1];
    expect(verify(`t=${signedAt},v1=${other},v1=${good}`)).toEqual({ ok: true });
    expect(verify(`t=${signedAt}, v0=whatever, v1=${good?.toUpperCase()}`)).toEqual({ ok: true });
    expect(problem(verify(`t=${signedAt},v1=${other},v1=${other}`))).toBe(
      "The Calendly-Webhook-Signature does not match the body",
    );
  });
});
