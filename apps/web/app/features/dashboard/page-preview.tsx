import { buttonClasses } from "#app/ui/button-styles.ts";
import type { PageFormValues } from "./page-form.ts";
import { type PreviewState, usePagePreview } from "./use-page-preview.ts";

/**
 * What visitors will read: the title and subtitle as typed and the text as the server renders
 * and sanitizes it, sanitized again in the browser and laid out in the public page's styles
 * (`prose-content`), updated as typing pauses. What it is doing is said in a small live region
 * of its own, so a screen reader is not read the whole page at every pause.
 */
export function PagePreview({ values, headingId }: { values: PageFormValues; headingId: string }) {
  const { state, retry } = usePagePreview(values.format, values.source);
  const { status } = state;

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-6 shadow-card"
    >
      <h2 id={headingId} className="font-semibold text-ink text-xl">
        Preview
      </h2>
      <div role="status" aria-live="polite" className="text-cocoa text-sm">
        {statusWords(state)}
      </div>
      {status.kind === "failed" || (status.kind === "waiting" && status.slow) ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          {status.kind === "failed" ? (
            <p className="text-red-800">The preview could not be made. {status.message}</p>
          ) : null}
          <button type="button" onClick={retry} className={buttonClasses("secondary")}>
            Try the preview again
          </button>
        </div>
      ) : null}
      {status.kind === "refused" || status.kind === "empty" ? null : (
        <div data-testid="page-preview" className="border-crust border-t pt-4">
          {values.title.trim() ? (
            <p className="font-semibold text-3xl text-ink">{values.title}</p>
          ) : null}
          {values.subtitle.trim() ? (
            <p className="mt-2 text-cocoa text-lg">{values.subtitle}</p>
          ) : null}
          <div
            className="prose-content mt-6"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized preview, sanitized again by the public page's allow-list (usePagePreview)
            dangerouslySetInnerHTML={{ __html: state.html }}
          />
        </div>
      )}
    </section>
  );
}

/** What the preview is doing, in words ("" while it shows nothing new). */
function statusWords({ html, status }: PreviewState): string {
  switch (status.kind) {
    case "waiting":
      return status.slow
        ? "The preview is slow to come: the server has not answered yet. Keep writing, or try again."
        : "Updating the preview…";
    case "refused":
      return `This text can't be shown as a page: ${status.message}`;
    case "empty":
      return "The preview shows here once the page has some text.";
    case "idle":
      return html === "" ? "" : "As visitors will see it.";
    case "failed":
      return "";
  }
}
