import { MAX_REPORT_DAYS } from "@bakery/shared/admin-contract";
import { apiErrorSchema, movedResultSchema, slugSchema } from "@bakery/shared/api-contract";
import { z } from "zod";
import { ADMIN_WRITES_PER_MINUTE } from "../auth/back-office-guards.ts";

/* What the path tables share: JSON bodies from zod schemas, errors, parameters and headers. */

/** JSON Schema 2020-12, the dialect OpenAPI 3.1 uses. */
export const schema = (zodSchema: z.ZodType, io: "input" | "output" = "output") =>
  z.toJSONSchema(zodSchema, { io, target: "draft-2020-12" });

export const json = (zodSchema: z.ZodType) => ({
  "application/json": { schema: schema(zodSchema) },
});

export const error = (description: string) => ({ description, content: json(apiErrorSchema) });

export const moved = {
  description:
    "Moved: `location` is the site path that shows it now. No Location header, so fetch() does not follow it.",
  content: json(movedResultSchema),
};

export const slug = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: schema(slugSchema),
});

export const retryAfter = {
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "integer" },
  },
};

export const day = (name: "from" | "to", description: string) => ({
  name,
  in: "query",
  required: true,
  description: `${description}, a UTC calendar day (YYYY-MM-DD); the range is at most ${MAX_REPORT_DAYS} days`,
  schema: { type: "string", format: "date" },
});

export const operatorErrors = {
  400: error("A query parameter is missing or invalid (the message names it)"),
  401: error("Not signed in, or the token is invalid or expired"),
  403: error("Signed in, but not a Rise team operator"),
};

export const commonErrors = {
  429: { ...error("Too many requests from this client"), headers: retryAfter },
  503: { ...error("The database is unreachable; try again shortly"), headers: retryAfter },
};

export const reportUnavailable = {
  ...error(
    "The database is unreachable, or the report was not ready within REPORT_DEADLINE_MS; try again shortly",
  ),
  headers: retryAfter,
};

export const revisionHeader = (name: "If-Match" | "If-None-Match", description: string) => ({
  name,
  in: "header",
  required: false,
  description,
  schema: { type: "string" },
});

/** What every operator's read can answer besides its own: a read's 400 may say more. */
const adminReadErrors = { ...operatorErrors, 503: reportUnavailable };

/**
 * What every back-office write can answer besides its own: its writes count in the one
 * per-client budget (ADMIN_WRITES_PER_MINUTE), the links', the pages' and the team's alike.
 */
export const adminWriteErrors = {
  401: operatorErrors[401],
  403: operatorErrors[403],
  429: {
    ...error(`More than ${ADMIN_WRITES_PER_MINUTE} writes this minute from this client`),
    headers: retryAfter,
  },
  503: reportUnavailable,
};

/** A write's 412, when what it names (`what`: "link", "page") is not at the revision it read. */
export const staleRevision = (what: "link" | "page") =>
  error(
    `The ${what} changed since the revision in If-Match (the message says who changed it and when), or it exists and If-None-Match: * asked to create only`,
  );

/** An operation only a signed-in Rise team operator may call: `rest` is all but its security. */
export const operatorOperation = <Rest extends object>(summary: string, rest: Rest) => ({
  summary,
  security: [{ firebaseIdToken: [] }],
  ...rest,
});

/**
 * An operator's read: `answer` is its 200, besides the read errors; `more` its parameters and
 * any answers of its own (a 404, a more precise 400).
 */
export const operatorRead = (
  summary: string,
  answer: object,
  more: { parameters?: object[]; responses?: object } = {},
) =>
  operatorOperation(summary, {
    ...(more.parameters && { parameters: more.parameters }),
    responses: { 200: answer, ...adminReadErrors, ...more.responses },
  });
