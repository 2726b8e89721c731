import { randomUUID } from "node:crypto";
import { utcDay } from "@bakery/shared/admin-contract";
import type { ConversionEvent } from "@bakery/shared/api-contract";
import { isVisitReference } from "@bakery/shared/attribution-record";
import { eq } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { demoBookings } from "../db/schema.ts";
import { findVisitReference, type VisitNames } from "./visit-references.ts";

/**
 * Booked demos, one row per invitee (decision 0021). The scheduling provider's signed webhook
 * confirms and cancels; the browser's report is a hint merged into the same row by the invitee's
 * URI. Every merge keeps what is already known: a row is never un-confirmed or un-canceled, and
 * names are replaced only by names from a better source.
 */

/** Where a booking's names came from, weakest first. */
const ATTRIBUTION_SOURCES = ["none", "browser", "provider", "reference"] as const;
export type AttributedBy = (typeof ATTRIBUTION_SOURCES)[number];

export interface BookingAttribution {
  names: VisitNames;
  attributedBy: AttributedBy;
}

export const NO_ATTRIBUTION: BookingAttribution = {
  names: { source: "", medium: "", campaign: "" },
  attributedBy: "none",
};

const rank = (attributedBy: string) => ATTRIBUTION_SOURCES.indexOf(attributedBy as AttributedBy);

/** `names` credited to `attributedBy`, or no attribution when every name is empty. */
export function attributedTo(names: VisitNames, attributedBy: AttributedBy): BookingAttribution {
  return names.source || names.medium || names.campaign ? { names, attributedBy } : NO_ATTRIBUTION;
}

/**
 * The exact names kept with the visit reference `ref` (decision 0022) when a landing reported
 * it, else `fallback`: names a payload carries may be cut or lost, the reference's never are.
 */
export async function attributionByReference(
  db: Database,
  ref: string | null | undefined,
  fallback: BookingAttribution,
): Promise<BookingAttribution> {
  const names = isVisitReference(ref) ? await findVisitReference(db, ref) : undefined;
  return names ? { names, attributedBy: "reference" } : fallback;
}

/** What a delivery or report did to its booking: a "same" is a replay, which changes nothing. */
export type BookingOutcome = "new" | "changed" | "same";

type Booking = typeof demoBookings.$inferSelect;
type BookingFields = Pick<
  Booking,
  | "day"
  | "source"
  | "medium"
  | "campaign"
  | "attributedBy"
  | "landing"
  | "confirmed"
  | "canceledAt"
  | "rescheduled"
>;

const columns = (attribution: BookingAttribution) => ({
  ...attribution.names,
  attributedBy: attribution.attributedBy,
});

/** `attribution`'s names when they come from a better source than the row's, else nothing. */
function betterNames(row: Booking, attribution: BookingAttribution): Partial<BookingFields> {
  return rank(attribution.attributedBy) > rank(row.attributedBy) ? columns(attribution) : {};
}

/**
 * Stores `fresh` as the invitee's booking, or, when one is already kept, locks its row and
 * applies what `merge` returns. Run inside a transaction: deliveries of the same invitee at the
 * same time are merged one after the other, never one over the other.
 */
async function insertOrMerge(
  tx: Database,
  fresh: BookingFields & { invitee: string },
  merge: (row: Booking) => Partial<BookingFields>,
): Promise<BookingOutcome> {
  const [inserted] = await tx
    .insert(demoBookings)
    .values(fresh)
    .onConflictDoNothing()
    .returning({ invitee: demoBookings.invitee });
  if (inserted) return "new";
  const [row] = await tx
    .select()
    .from(demoBookings)
    .where(eq(demoBookings.invitee, fresh.invitee))
    .for("update");
  // Pruned between the two statements: the provider's retry will store it again.
  if (!row) throw new Error(`the booking of ${fresh.invitee} went away while it was merged`);
  const changes = Object.fromEntries(
    Object.entries(merge(row)).filter(
      ([field, value]) => !isSame(row[field as keyof BookingFields], value),
    ),
  );
  if (Object.keys(changes).length === 0) return "same";
  await tx
    .update(demoBookings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(demoBookings.invitee, fresh.invitee));
  return "changed";
}

/** The landing page, when the row has none yet. */
const filledLanding = (row: Booking, landing: string | null): Partial<BookingFields> =>
  row.landing === null && landing !== null ? { landing } : {};

const isSame = (stored: unknown, value: unknown) =>
  stored instanceof Date && value instanceof Date
    ? stored.getTime() === value.getTime()
    : stored === value;

/**
 * A demo the browser saw booked (POST /events): a hint, keyed by the invitee its message named,
 * or by a key of its own when it named none (it then stays apart from the provider's record).
 * Credited to the visit reference's names when a landing reported it, else to the names the
 * browser sent. Merged into a booking already kept, it only adds what that booking lacks: better
 * names, the landing page. A new booking is on today's UTC day.
 */
export async function recordBrowserBooking(
  db: Database,
  event: ConversionEvent,
): Promise<BookingOutcome> {
  const sent = event.attribution
    ? attributedTo(
        {
          source: event.attribution.utms,
          medium: event.attribution.utmm,
          campaign: event.attribution.utmc,
        },
        "browser",
      )
    : NO_ATTRIBUTION;
  const attribution = await attributionByReference(db, event.ref, sent);
  const landing = event.landing;
  return db.transaction((tx) =>
    insertOrMerge(
      tx,
      {
        invitee: event.invitee ?? `browser:${randomUUID()}`,
        day: utcDay(new Date()),
        ...columns(attribution),
        landing,
        confirmed: false,
        canceledAt: null,
        rescheduled: false,
      },
      (row) => ({ ...betterNames(row, attribution), ...filledLanding(row, landing) }),
    ),
  );
}

/** What the provider's `invitee.created` says of one invitee. */
export interface InviteeCreated {
  /** The invitee's URI: the booking's key. */
  invitee: string;
  /** The UTC day the invitee was created (booked). */
  day: string;
  attribution: BookingAttribution;
  /** The invitee this one replaces, when it is a reschedule. */
  oldInvitee?: string | null | undefined;
}

/**
 * The scheduling provider confirms a booking. A reschedule (`oldInvitee`) stays one booking: the
 * old invitee is canceled by its own event, and this one takes over its day and, unless its own
 * are better, its names. A booking canceled before this event arrived stays canceled.
 */
export async function recordInviteeCreated(
  db: Database,
  created: InviteeCreated,
): Promise<BookingOutcome> {
  return db.transaction(async (tx) => {
    const [old] = created.oldInvitee
      ? await tx.select().from(demoBookings).where(eq(demoBookings.invitee, created.oldInvitee))
      : [];
    const attribution =
      old && rank(old.attributedBy) >= rank(created.attribution.attributedBy)
        ? {
            names: { source: old.source, medium: old.medium, campaign: old.campaign },
            attributedBy: old.attributedBy as AttributedBy,
          }
        : created.attribution;
    const day = old?.day ?? created.day;
    const landing = old?.landing ?? null;
    return insertOrMerge(
      tx,
      {
        invitee: created.invitee,
        day,
        ...columns(attribution),
        landing,
        confirmed: true,
        canceledAt: null,
        rescheduled: false,
      },
      // The provider's day, not the browser's clock; for a reschedule, the original booking's.
      (row) => ({
        confirmed: true,
        day,
        ...betterNames(row, attribution),
        ...filledLanding(row, landing),
      }),
    );
  });
}

/** What the provider's `invitee.canceled` says of one invitee. */
export interface InviteeCanceled {
  invitee: string;
  /** The UTC day the invitee was created: the booking's day if its creation never arrived. */
  day: string;
  /** Canceled by a reschedule: a new invitee takes its place. */
  rescheduled: boolean;
  canceledAt: Date;
  attribution: BookingAttribution;
}

/**
 * The scheduling provider cancels a booking: it no longer counts. The first cancellation is
 * kept; the booking's day is never moved by it (a reschedule's new invitee carries the original
 * day). Arriving before the invitee's creation, it stores the booking canceled and confirmed.
 */
export async function recordInviteeCanceled(
  db: Database,
  canceled: InviteeCanceled,
): Promise<BookingOutcome> {
  return db.transaction((tx) =>
    insertOrMerge(
      tx,
      {
        invitee: canceled.invitee,
        day: canceled.day,
        ...columns(canceled.attribution),
        landing: null,
        confirmed: true,
        canceledAt: canceled.canceledAt,
        rescheduled: canceled.rescheduled,
      },
      (row) => ({
        confirmed: true,
        ...(row.canceledAt === null
          ? { canceledAt: canceled.canceledAt, rescheduled: canceled.rescheduled }
          : {}),
        ...betterNames(row, canceled.attribution),
      }),
    ),
  );
}
