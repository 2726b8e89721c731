import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "./config.ts";

/**
 * Docker can't run here, so the recipes are checked as far as they can be without it:
 * the compose file's shape, and the image's file layout (everything the Dockerfile copies
 * exists, and the start command runs from that layout).
 */

const dockerfile = readFileSync(path.join(REPO_ROOT, "Dockerfile"), "utf8");
const stages = dockerfile.split(/^FROM /m).slice(1);
const finalStage = stages.at(-1) ?? "";
const instructions = (stage: string, name: string) =>
  stage
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length + 1).trim());

/** [source, destination, stage it comes from (undefined: the build context)]. */
const copies = (stage: string) =>
  instructions(stage, "COPY").map((line) => {
    const from = /^--from=(\S+)\s+/.exec(line);
    const [source = "", destination = ""] = line.replace(/^--from=\S+\s+/, "").split(/\s+/);
    return { source, destination, from: from?.[1] };
  });

const copies_: string[] = [];
afterAll(() => {
  for (const dir of copies_) rmSync(dir, { recursive: true, force: true });
});

describe("Dockerfile", () => {
  it("builds on Node 24, runs as a non-root user with a health check on /api/ready", () => {
    const images = stages.map((stage) => stage.split(/\s/)[0] ?? "");
    const stageNames = stages.map((stage) => /^\S+ AS (\S+)/.exec(stage)?.[1]);
    // Every stage starts from Node 24 or from an earlier stage.
    for (const image of images) {
      expect(image.startsWith("node:24-") || stageNames.includes(image), image).toBe(true);
    }
    expect(instructions(finalStage, "USER")).toEqual(["node"]);
    expect(instructions(finalStage, "HEALTHCHECK")[0]).toContain("/api/ready");
    expect(finalStage).toMatch(/npm ci --omit=dev|COPY --from=dependencies/);
  });

  it("never installs the dev tooling (emulator, Lighthouse, Playwright)", () => {
    const installs = stages.flatMap((stage) => instructions(stage, "RUN"));
    expect(installs.filter((run) => run.includes("npm ci"))).toHaveLength(2);
    for (const run of installs.filter((line) => line.includes("npm ci"))) {
      expect(run).toContain("--include-workspace-root=false");
    }
    const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    for (const tool of ["firebase-tools", "lighthouse", "@playwright/test"]) {
      expect(rootPackage.devDependencies[tool], tool).toBeDefined();
      expect(dockerfile).not.toContain(tool);
    }
  });

  it("copies only files that exist and that .dockerignore lets through", () => {
    const ignored = readFileSync(path.join(REPO_ROOT, ".dockerignore"), "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => line.replace(/^\*\*\//, ""));
    for (const stage of stages) {
      for (const copy of copies(stage).filter((c) => c.from === undefined)) {
        expect(existsSync(path.join(REPO_ROOT, copy.source)), copy.source).toBe(true);
        const segments = copy.source.split("/");
        expect(
          ignored.filter((pattern) => segments.includes(pattern)),
          copy.source,
        ).toEqual([]);
      }
    }
  });

  it("starts from the image's file layout", () => {
    // The final stage's layout, with this checkout's installed packages in place of the
    // dependencies stage's and an empty site build in place of the build stage's.
    const image = mkdtempSync(path.join(tmpdir(), "bakery-image-"));
    copies_.push(image);
    for (const copy of copies(finalStage)) {
      const target = copy.destination.endsWith("/")
        ? path.join(image, copy.destination, path.basename(copy.source))
        : path.join(image, copy.destination);
      if (copy.from === undefined) {
        mkdirSync(path.dirname(target), { recursive: true });
        cpSync(path.join(REPO_ROOT, copy.source), target, { recursive: true });
      } else if (copy.from === "dependencies") {
        mkdirSync(path.dirname(target), { recursive: true });
        symlinkSync(path.join(REPO_ROOT, copy.source.replace(/^\/app\//, "")), target);
      } else if (copy.from === "build") {
        expect(copy.source).toMatch(/^\/app\/apps\/web\/build\//);
        mkdirSync(copy.source.endsWith(".conf") ? path.dirname(target) : target, {
          recursive: true,
        });
      }
    }
    const [command] = instructions(finalStage, "CMD");
    const [program, entry] = JSON.parse(command ?? "[]") as string[];
    expect(program).toBe("node");
    expect(existsSync(path.join(image, entry ?? ""))).toBe(true);

    // Production settings without DATABASE_URL: every module loads, then the configuration
    // check refuses, which proves the entry and its imports are all in the layout.
    const started = spawnSync(process.execPath, [entry ?? ""], {
      cwd: image,
      env: { PATH: process.env.PATH, FIREBASE_PROJECT_ID: "rise-prod" },
      encoding: "utf8",
    });
    expect(started.stderr).toContain("DATABASE_URL: required in production");
    expect(started.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find/);
  });
});

describe("compose.yaml", () => {
  type Service = {
    image?: string;
    build?: { context: string; secrets?: string[] };
    command?: string[];
    environment?: Record<string, string>;
    ports?: string[];
    depends_on?: Record<string, { condition: string }>;
    healthcheck?: { test: string[] };
  };
  const compose = parse(readFileSync(path.join(REPO_ROOT, "compose.yaml"), "utf8")) as {
    services: Record<string, Service>;
    secrets: Record<string, { file: string }>;
    volumes: Record<string, unknown>;
  };

  it("runs PostgreSQL 17, then the migrations, then the site on :3000", () => {
    const { db, migrate, site } = compose.services;
    expect(db?.image).toBe("postgres:17");
    expect(db?.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(migrate?.build?.context).toBe(".");
    expect(migrate?.command).toEqual(["node", "apps/api/src/db/migrate-database.ts"]);
    expect(existsSync(path.join(REPO_ROOT, migrate?.command?.[1] ?? ""))).toBe(true);
    expect(migrate?.depends_on?.db?.condition).toBe("service_healthy");
    expect(site?.image).toBe(migrate?.image);
    expect(site?.ports).toEqual(["3000:3000"]);
    expect(site?.depends_on?.migrate?.condition).toBe("service_completed_successfully");
    for (const service of [migrate, site]) {
      expect(service?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/rise:.*@db:5432\/rise$/);
    }
  });

  it("only names secrets, services and volumes it defines", () => {
    const services = Object.keys(compose.services);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        expect(services, `${name} depends on ${dependency}`).toContain(dependency);
      }
      for (const secret of service.build?.secrets ?? []) {
        expect(Object.keys(compose.secrets)).toContain(secret);
      }
    }
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation syntax
    expect(compose.secrets["site-env"]?.file).toBe("${SITE_ENV_FILE:-.env.example}");
    expect(existsSync(path.join(REPO_ROOT, ".env.example"))).toBe(true);
    expect(Object.keys(compose.volumes)).toEqual(["db-data"]);
  });
});
