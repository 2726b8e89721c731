import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The scheduling provider's webhook signature (Calendly): `Calendly-Webhook-Signature:
 * t=<unix seconds>,v1=<hex>`, where v1 is HMAC-SHA256 with the subscription's signing key over
 * `<t>.<raw body>`. The provider has no library that checks it, so it is checked here.
 */

/**
 * How far the signature's time may be from ours, either way: three minutes, the tolerance the
 * provider's own guide uses. A captured delivery can't be replayed after that, while the
 * provider's retries are signed anew and a clock a little off still passes.
 */
export const CALENDLY_SIGNATURE_TOLERANCE_SECONDS = 180;

export type CalendlySignatureCheck = { ok: true } | { ok: false; problem: string };

const HEADER = "Calendly-Webhook-Signature";
const SHA256_HEX = /^[0-9a-f]{64}$/i;

function hmac(body: Uint8Array | string, key: string, t: string): Buffer {
  return createHmac("sha256", key).update(`${t}.`).update(body).digest();
}

/** The header's time and signatures, or undefined when it is not of the provider's form. */
function parseHeader(header: string): { t: string; signatures: string[] } | undefined {
  let t: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [name, value, ...rest] = part.trim().split("=");
    if (value === undefined || rest.length > 0) return undefined;
    if (name === "t") {
      if (t !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
      t = value;
    } else if (name === "v1") {
      if (!SHA256_HEX.test(value)) return undefined;
      signatures.push(value);
    }
    // Other schemes (a future v2) are not ours to read; v1 must still be there.
  }
  return t === undefined || signatures.length === 0 ? undefined : { t, signatures };
}

/**
 * Whether `header` signs `body` (the raw bytes, as received) with `key`, within the tolerance of
 * `nowSeconds`; if not, why, in words for the 400. Any v1 entry may match, as during a change of
 * key; each is compared in constant time.
 */
export function verifyCalendlySignature(check: {
  header: string | undefined;
  body: Uint8Array | string;
  key: string;
  nowSeconds: number;
}): CalendlySignatureCheck {
  if (!check.header) return { ok: false, problem: `${HEADER} header missing` };
  const parsed = parseHeader(check.header);
  if (!parsed) {
    return {
      ok: false,
      problem: `The ${HEADER} header is not of the form t=<time>,v1=<signature>`,
    };
  }
  const expected = hmac(check.body, check.key, parsed.t);
  let matches = false;
  for (const signature of parsed.signatures) {
    // Both 32 bytes (the header's is 64 hex digits), as timingSafeEqual requires.
    if (timingSafeEqual(expected, Buffer.from(signature, "hex"))) matches = true;
  }
  if (!matches) return { ok: false, problem: `The ${HEADER} does not match the body` };
  if (Math.abs(check.nowSeconds - Number(parsed.t)) > CALENDLY_SIGNATURE_TOLERANCE_SECONDS) {
    return {
      ok: false,
      problem: `The ${HEADER} is more than ${CALENDLY_SIGNATURE_TOLERANCE_SECONDS / 60} minutes old, or ahead of our clock: only a fresh delivery is accepted`,
    };
  }
  return { ok: true };
}

/** The header the provider would send with `body` signed at `t` (unix seconds): for tests. */
export function signCalendlyPayload(
  body: string,
  key: string,
  t = Math.floor(Date.now() / 1000),
): string {
  return `t=${t},v1=${hmac(body, key, String(t)).toString("hex")}`;
}
