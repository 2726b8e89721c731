type ApplicationErrorProps = {
  status: number | undefined;
  /** The status text, or the error's message when there is no status. */
  text: string;
  /** A longer explanation, when the error carried one. */
  message: string | undefined;
  companyName: string;
};

/** The designed page for an error no route handled (spec §8). */
export function ApplicationError({ status, text, message, companyName }: ApplicationErrorProps) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-start justify-center gap-4 px-6 py-16">
      <title>{`Unexpected Application Error! · ${companyName}`}</title>
      <p className="rounded-full bg-brand-100 px-3 py-1 font-semibold text-brand-800 text-sm">
        {status ? `Error ${status}` : "Error"}
      </p>
      <h1 className="font-semibold text-4xl text-ink">Unexpected Application Error!</h1>
      <p className="text-cocoa text-lg" data-testid="error-text">
        {status ? `${status} ` : ""}
        {text}
      </p>
      {message ? <p className="text-cocoa">{message}</p> : null}
      <a
        href="/"
        className="mt-2 inline-flex items-center rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Back to the home page
      </a>
    </main>
  );
}
