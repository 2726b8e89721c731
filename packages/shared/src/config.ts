import { inPlainWords } from "./validation-messages.ts";
import { z } from "./zod-without-eval.ts";

/**
 * The site's public configuration: values baked into the static build and
 * safe to show to any browser. Server-only settings live in the API's own
 * schema, which extends this one.
 */

const url = (fallback: string) => z.url({ protocol: /^https?$/ }).default(fallback);
const pathOrUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\/(?![/\\])/.test(value) || /^https?:\/\/[^/\\]/.test(value), {
      message: "must be a path starting with / or an http(s) URL",
    })
    .default(fallback);
const text = (fallback: string) => z.string().trim().min(1).default(fallback);
/** A comma-separated setting as its items, trimmed, empty ones left out: the one list parser. */
export const commaList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

const hostList = commaList
  .transform((items) => items.map((item) => item.toLowerCase()))
  .pipe(
    z.array(
      z
        .string()
        .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, "must be a comma list of host or host:port names"),
    ),
  );

/** Local-mode identity defaults: a "demo-" project that only the Auth emulator serves. */
const DEMO_FIREBASE_API_KEY = "demo-api-key";
const DEMO_FIREBASE_AUTH_DOMAIN = "demo-bakery.firebaseapp.com";
export const LOCAL_AUTH_EMULATOR_HOST = "127.0.0.1:9099";

/** The public settings' fields, for the schemas that hold them (this one, the server's). */
export const publicConfigFields = {
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Unset: follows PORT (siteUrlFollowsPort). */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  API_BASE_URL: pathOrUrl("/api"),
  APP_LOGIN_URL: url("https://app.example.com/login"),
  MY_AREA_URL: url("https://my.example.com"),
  SCHEDULING_URL: url("https://calendly.com/rise-bakery-software/demo"),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, "must look like pk_test_… or pk_live_…")
    .default("pk_test_rise_demo"),
  STRIPE_PRICING_TABLE_ID: z
    .string()
    .regex(/^prctbl_[A-Za-z0-9_]+$/, "must look like prctbl_…")
    .default("prctbl_rise_demo"),
  PLAN_STARTER_ID: text("starter"),
  PLAN_PROFESSIONAL_ID: text("professional"),
  PLAN_PREMIUM_ID: text("premium"),
  PLAN_ONE_ID: text("one"),
  VIDEO_URL: url("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"),
  CHAT_PROVIDER: z.enum(["none", "crisp", "intercom"]).default("none"),
  CHAT_ID: z.string().trim().default(""),
  MEDIA_BASE_URL: pathOrUrl("/media"),
  LOGO_URL: pathOrUrl("/brand/logo.svg"),
  /** Hosts that short links and sign-in targets may send browsers to, beyond the site and MY_AREA_URL. */
  REDIRECT_ALLOWED_HOSTS: hostList,
  PRODUCT_NAME: text("Rise"),
  COMPANY_NAME: text("Rise Bakery Software, Inc."),
  COMPANY_ADDRESS: text("1200 Market Street, Suite 400, San Francisco, CA 94102"),
  CONTACT_EMAIL: z.email().default("hello@example.com"),
  SOCIAL_INSTAGRAM_URL: url("https://www.instagram.com/"),
  SOCIAL_FACEBOOK_URL: url("https://www.facebook.com/"),
  /** The Firebase web app's identity settings: public by design, they name the project, not a secret. */
  FIREBASE_API_KEY: text(DEMO_FIREBASE_API_KEY),
  FIREBASE_AUTH_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, "must be a host name such as my-project.firebaseapp.com")
    .default(DEMO_FIREBASE_AUTH_DOMAIN),
  /** A "demo-" project means local mode: only the Auth emulator serves it (Firebase's convention). */
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, "must be a Firebase project id")
    .default("demo-bakery"),
  /** host:port of the Auth emulator; in local mode defaults to LOCAL_AUTH_EMULATOR_HOST. */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[^\s/:]+:\d{1,5}$/, "must be host:port")
    .optional(),
};

/**
 * SITE_URL's default follows PORT: a site started on another port (`PORT=3991 npm start`)
 * names its own address in canonical links, the sitemap and the pages' links to itself,
 * not one where nothing runs. Every schema with publicConfigFields ends with it.
 */
export function siteUrlFollowsPort<Config extends { PORT: number; SITE_URL?: string | undefined }>(
  config: Config,
): Omit<Config, "SITE_URL"> & { SITE_URL: string } {
  return { ...config, SITE_URL: config.SITE_URL ?? `http://localhost:${config.PORT}` };
}

export const publicConfigSchema = z.object(publicConfigFields).transform(siteUrlFollowsPort);

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
function withoutEmpty(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
}

/** Parses env with a schema, naming every missing or bad variable in one error, in plain words. */
export function parseEnv<Schema extends z.ZodType>(schema: Schema, env: Env): z.infer<Schema> {
  const result = schema.safeParse(withoutEmpty(env), { error: inPlainWords });
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
  );
}

/** Local mode: a "demo-" Firebase project, which can never hold real users. */
export function isLocalIdentityProject(projectId: string): boolean {
  return projectId.startsWith("demo-");
}

/**
 * The cross-variable rules that the site's build and the server both check: a chat provider
 * needs its id, and a real project must never talk to an emulator (firebase-admin accepts
 * unsigned tokens whenever FIREBASE_AUTH_EMULATOR_HOST is set).
 */
export function chatAndEmulatorProblems(
  config: Pick<
    PublicConfig,
    "CHAT_PROVIDER" | "CHAT_ID" | "FIREBASE_PROJECT_ID" | "FIREBASE_AUTH_EMULATOR_HOST"
  >,
): string[] {
  const problems: string[] = [];
  if (config.CHAT_PROVIDER !== "none" && config.CHAT_ID === "") {
    problems.push(`CHAT_ID: required when CHAT_PROVIDER is ${config.CHAT_PROVIDER}`);
  }
  if (!isLocalIdentityProject(config.FIREBASE_PROJECT_ID) && config.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST: must be unset for a real project (FIREBASE_PROJECT_ID=${config.FIREBASE_PROJECT_ID}); it makes unsigned tokens acceptable`,
    );
  }
  return problems;
}

/** In local mode the emulator host defaults to LOCAL_AUTH_EMULATOR_HOST; a real project has none. */
export function withEmulatorHostDefault<
  Config extends { FIREBASE_PROJECT_ID: string; FIREBASE_AUTH_EMULATOR_HOST?: string | undefined },
>(config: Config): Config {
  return {
    ...config,
    FIREBASE_AUTH_EMULATOR_HOST: isLocalIdentityProject(config.FIREBASE_PROJECT_ID)
      ? (config.FIREBASE_AUTH_EMULATOR_HOST ?? LOCAL_AUTH_EMULATOR_HOST)
      : undefined,
  };
}

/** The public configuration's own checks: the shared ones, and a real project's web settings. */
function publicConfigProblems(config: PublicConfig): string[] {
  const problems = chatAndEmulatorProblems(config);
  if (!isLocalIdentityProject(config.FIREBASE_PROJECT_ID)) {
    const project = `FIREBASE_PROJECT_ID=${config.FIREBASE_PROJECT_ID}`;
    if (config.FIREBASE_API_KEY === DEMO_FIREBASE_API_KEY) {
      problems.push(`FIREBASE_API_KEY: required for a real project (${project})`);
    }
    if (config.FIREBASE_AUTH_DOMAIN === DEMO_FIREBASE_AUTH_DOMAIN) {
      problems.push(`FIREBASE_AUTH_DOMAIN: required for a real project (${project})`);
    }
  }
  return problems;
}

/** Parses and checks the public configuration; in local mode the emulator host gets its default. */
export function loadPublicConfig(env: Env): PublicConfig {
  const config = parseEnv(publicConfigSchema, env);
  const problems = publicConfigProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  return withEmulatorHostDefault(config);
}
