import type { AdminPageList, AdminPageSummary } from "@bakery/shared/admin-pages-contract";
import { sitePathForPage } from "@bakery/shared/content-page-address";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { absoluteUrl } from "#app/site-config.ts";
import { NewPageForm } from "./new-page-form.tsx";
import type { PageEditorArrival } from "./page-editor.tsx";
import { listPages } from "./page-editor-api.ts";
import { byWhom, whenFormat } from "./page-words.ts";
import { ReportArea } from "./report-area.tsx";
import { requestFailureWords } from "./request-failure-words.ts";
import { SortableTable, type TableColumn } from "./sortable-table.tsx";
import { EmptyState } from "./status-messages.tsx";
import { useReport } from "./use-report.ts";

const linkClass = "break-all font-semibold text-brand-700 underline underline-offset-4";

const columns: TableColumn<AdminPageSummary>[] = [
  {
    id: "title",
    label: "Title",
    value: (page) => page.title,
    render: (page) => (
      <Link
        to={`/dashboard/pages/${page.handle}`}
        className="block min-w-32 font-semibold text-brand-700 underline underline-offset-4"
      >
        {page.title}
      </Link>
    ),
    firstDirection: "ascending",
  },
  { id: "handle", label: "Handle", value: (page) => page.handle, firstDirection: "ascending" },
  {
    id: "address",
    label: "Where visitors read it",
    value: (page) => absoluteUrl(page.path),
    // The path alone: the table stays readable on a phone, and the site's address is the same
    // for every page.
    render: (page) => (
      <a href={page.path} className={linkClass}>
        {page.path}
      </a>
    ),
    firstDirection: "ascending",
  },
  {
    id: "changed",
    label: "Last change",
    value: (page) => page.updatedAt,
    render: (page) => (
      <span className="block min-w-40">
        <time dateTime={page.updatedAt}>{whenFormat.format(new Date(page.updatedAt))}</time>{" "}
        <span className="break-all">{byWhom(page.updatedBy)}</span>
      </span>
    ),
  },
];

/**
 * The content pages (issue 41): each with where visitors read it and its last change, the
 * old handles that now lead elsewhere, and New page. What a screen that sent the person here
 * (a delete) asked to be said is said first.
 */
export function PageList() {
  const list = useReport(listPages, requestFailureWords);
  const arrival = useLocation().state as PageEditorArrival;
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (arrival?.said) said.current?.focus();
  }, [arrival?.said]);

  return (
    <div className="flex flex-col gap-6">
      {arrival?.said ? (
        <p ref={said} tabIndex={-1} role="status" className="text-ink">
          {arrival.said}
        </p>
      ) : null}
      <ReportArea name="the pages" report={list}>
        {(report) => <LoadedPages list={report} />}
      </ReportArea>
    </div>
  );
}

function LoadedPages({ list }: { list: AdminPageList }) {
  return (
    <>
      <NewPageForm list={list} />
      {list.pages.length === 0 ? (
        <EmptyState>No pages yet. Make the first with New page.</EmptyState>
      ) : (
        <SortableTable
          caption="Pages"
          columns={columns}
          rows={list.pages}
          rowKey={(page) => page.handle}
          initialSort={{ column: "title", direction: "ascending" }}
          fileName="pages"
        />
      )}
      {list.renamed.length > 0 ? <RenamedHandles renamed={list.renamed} /> : null}
    </>
  );
}

/** Old handles: their addresses still work, sending visitors on (301) to the page's new one. */
function RenamedHandles({ renamed }: { renamed: AdminPageList["renamed"] }) {
  return (
    <section aria-labelledby="renamed-heading" className="flex flex-col gap-3">
      <h2 id="renamed-heading" className="font-semibold text-ink text-xl">
        Old addresses
      </h2>
      <p className="text-cocoa">
        Pages that were renamed: their old addresses keep working and send visitors on.
      </p>
      <ul className="flex flex-col gap-2">
        {renamed.map((old) => (
          <li key={old.handle} className="break-all text-cocoa">
            <span className="font-semibold text-ink">{old.handle}</span> (
            {absoluteUrl(sitePathForPage(old.handle))}) <span aria-hidden="true">→</span>
            <span className="sr-only">is</span> now at{" "}
            <Link to={`/dashboard/pages/${old.to}`} className={linkClass}>
              {old.to}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
