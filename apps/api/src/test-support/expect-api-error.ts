import { apiErrorSchema } from "@bakery/shared/api-contract";
import { expect } from "vitest";

/** Asserts an error answer: its status, a JSON body with the stable code, and no stack trace. */
export async function expectApiError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = apiErrorSchema.parse(await response.json());
  expect(body.error.code).toBe(code);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  return body;
}
