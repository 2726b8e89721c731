/**
 * The benchmark's results as JSON (bench/results/latest.json); report-targets.ts checks them
 * against the targets and report-markdown.ts writes them as the tables of latest.md.
 */
import type { AdminBenchData, AdminReportTiming } from "./admin-reports.ts";
import type { EndpointResult } from "./api-throughput.ts";
import type { FunnelFloodData, FunnelFloodReport } from "./funnel-flood.ts";
import type { CommitState } from "./git-state.ts";
import type { PageMetrics } from "./lighthouse-pages.ts";
import type { ShortLinkTimings } from "./short-link-timing.ts";
import type { WidgetTimings } from "./widget-timing.ts";

export interface PageResult {
  route: string;
  product: PageMetrics;
  /** The same page with its JavaScript removed (see no-js-snapshot.ts). */
  snapshot: PageMetrics;
  lcpRatio: number;
  fcpRatio: number;
  /** Each number's largest minus smallest over the runs. */
  spread?: Partial<Record<keyof PageMetrics, number>>;
  /** The previous release's page, measured in the same run (`--against`). */
  previous?: PageMetrics;
  previousSpread?: Partial<Record<keyof PageMetrics, number>>;
}

/** The release a run was compared with (`--against`). */
export interface PreviousRelease {
  /** The ref asked for, or how the default was found. */
  ref: string;
  sha: string;
  why: string;
}

export interface Section<T> {
  measuredAt: string;
  settings: Record<string, unknown>;
  results: T;
}

export interface BenchResults {
  /** The code measured: HEAD's full sha, and whether the tree had uncommitted changes. */
  commit?: CommitState;
  /** What the sections marked with it were compared with, measured in the same run. */
  previous?: PreviousRelease;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    platform: string;
    /** 1-minute load average when the run started: above the core count, numbers are noisy. */
    loadAverageAtStart: number;
  };
  pages?: Section<PageResult[]>;
  shortLinks?: Section<ShortLinkTimings>;
  widgets?: Section<WidgetTimings>;
  api?: Section<EndpointResult[]>;
  /** Prerendered pages served by our server, against a bare node:http server. */
  staticPages?: Section<EndpointResult[]>;
  /** The operators' reports over a large seeded volume, one request at a time. */
  adminReports?: Section<AdminReportTiming[]> & { data: AdminBenchData };
  /** The funnel report after a flood of landing beacons under distinct campaign names. */
  funnelFlood?: Section<FunnelFloodReport[]> & { data: FunnelFloodData };
  targets: TargetCheck[];
}

export interface TargetCheck {
  target: string;
  met: boolean;
  detail: string;
  /** A figure that follows the machine's speed: reported, not held to. */
  informational?: boolean;
}
