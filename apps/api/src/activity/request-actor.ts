import type { Context } from "hono";
import type { Actor } from "./record-activity.ts";

/** The operator requireOperator let through, as the activity log names them. */
export function actorOf(c: Context): Extract<Actor, { kind: "account" }> {
  const { uid, email } = c.var.operator;
  return { kind: "account", uid, email };
}
