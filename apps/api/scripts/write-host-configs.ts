/**
 * After the web build: writes the static site's host configurations (_headers,
 * _redirects, nginx-site.conf) from the same rules the local server follows
 * (src/site/host-configs.ts). Part of `npm run build`.
 */
import path from "node:path";
import { ConfigError } from "@bakery/shared/config";
import { loadDotEnv, loadServerConfig } from "../src/config.ts";
import { writeHostConfigs } from "../src/site/host-configs.ts";

loadDotEnv();
try {
  const written = await writeHostConfigs(
    loadServerConfig(process.env, { purpose: "static-build" }),
  );
  console.log(
    `Host configurations: ${written.map((file) => path.relative(process.cwd(), file)).join(", ")}`,
  );
} catch (error) {
  process.stderr.write(
    `Could not write the host configurations: ${error instanceof ConfigError ? error.message : (error as Error).message}\n`,
  );
  process.exitCode = 1;
}
