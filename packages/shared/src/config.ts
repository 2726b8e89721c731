import { z } from "zod";

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
const hostList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, "must be a comma list of host or host:port names"),
    ),
  );

export const publicConfigSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: url("http://localhost:3000"),
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
});

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

/** Parses env with a schema, naming every missing or bad variable in one error. */
export function parseEnv<Schema extends z.ZodType>(schema: Schema, env: Env): z.infer<Schema> {
  const result = schema.safeParse(withoutEmpty(env));
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
  );
}

export function loadPublicConfig(env: Env): PublicConfig {
  const config = parseEnv(publicConfigSchema, env);
  if (config.CHAT_PROVIDER !== "none" && config.CHAT_ID === "") {
    throw new ConfigError([`CHAT_ID: required when CHAT_PROVIDER is ${config.CHAT_PROVIDER}`]);
  }
  return config;
}

/** Every host a redirect may lead to: the site's own, the my-area host and the configured list. */
export function redirectAllowedHosts(config: PublicConfig): string[] {
  const hosts = [
    new URL(config.SITE_URL).host,
    new URL(config.MY_AREA_URL).host,
    ...config.REDIRECT_ALLOWED_HOSTS,
  ];
  return [...new Set(hosts.map((host) => host.toLowerCase()))];
}
