/**
 * A real nginx serving a build with the snippet `npm run build` writes for it
 * (`nginx-site.conf`, site/host-configs.ts), included the way docs/deploy.md tells an
 * operator to: for tests that hold the snippet to the local server's answers.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

export interface NginxServer {
  origin: string;
  stop(): Promise<void>;
}

/** The nginx binary on PATH or in Debian's place for it; undefined when there is none. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin"];
  return dirs
    .filter(Boolean)
    .map((dir) => path.join(dir, "nginx"))
    .find((file) => existsSync(file));
}

/** The mime.types beside the configuration the binary was built to read (`nginx -V`). */
function mimeTypesOf(binary: string): string {
  const built = spawnSync(binary, ["-V"], { encoding: "utf8" }).stderr;
  const confPath = /--conf-path=(\S+)/.exec(built)?.[1] ?? "/etc/nginx/nginx.conf";
  return path.join(path.dirname(confPath), "mime.types");
}

/**
 * One nginx process in the foreground on a free loopback port, its files in a temporary
 * folder: an http block like Debian's default (its mime.types, octet-stream by default) and
 * a server block whose root is `root` and whose directives are `server` (included from a file).
 */
export async function startNginx(
  binary: string,
  root: string,
  server: string,
): Promise<NginxServer> {
  const prefix = mkdtempSync(path.join(tmpdir(), "bakery-nginx-"));
  mkdirSync(path.join(prefix, "temp"));
  const port = await freePort();
  const serverFile = path.join(prefix, "server.conf");
  writeFileSync(serverFile, server);
  const temp = path.join(prefix, "temp");
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `daemon off;
master_process off;
pid ${path.join(prefix, "nginx.pid")};
error_log stderr error;
events { worker_connections 64; }
http {
  include ${mimeTypesOf(binary)};
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${temp};
  proxy_temp_path ${temp};
  fastcgi_temp_path ${temp};
  uwsgi_temp_path ${temp};
  scgi_temp_path ${temp};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    include ${serverFile};
  }
}
`,
  );
  const errors: string[] = [];
  // -e: the error log before the configuration is read (its default place needs root).
  const child = spawn(binary, ["-p", prefix, "-c", "nginx.conf", "-e", "stderr"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGQUIT");
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };

  // nginx listens before it answers; it exits at once on a configuration it rejects.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with code ${child.exitCode}: ${errors.join("")}`);
    }
    const up = await fetch(`${origin}/`, { redirect: "manual" }).then(
      () => true,
      () => false,
    );
    if (up) return { origin, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer within 30 s: ${errors.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
