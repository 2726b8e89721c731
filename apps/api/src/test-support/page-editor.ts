import { adminPageSchema } from "@bakery/shared/admin-pages-contract";
import { backOfficeClient, revisionedAnswer } from "./back-office-client.ts";
import { ann } from "./operator-accounts.ts";

/** Calls the API of the test server at `url` as the page editor in the browser does. */
export function pageEditorClient(url: () => string) {
  const client = backOfficeClient(url);
  return {
    ...client,
    put: (handle: string, body: unknown, headers: Record<string, string> = {}, token = ann) =>
      client.call("PUT", `/admin/pages/${handle}`, { body, headers, token }),
    /** The page a response carries, checked against the contract, with its revision as ETag. */
    pageOf: revisionedAnswer(adminPageSchema),
  };
}
