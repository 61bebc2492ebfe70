// Runs Debian's nginx with the repository's front-proxy config (deploy/nginx/nginx.conf.template) as a child process,
// for the integration tests and `npm run bench:pages -- --via-proxy`: its own prefix, cache and temporary folders,
// free local ports, and a self-signed certificate made with openssl at start. The same template serves
// docker-compose.yml; only the placeholder values differ.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, run, sparePort, stopProcess } from "./processes";

const NGINX_TEMPLATE = path.join(ROOT, "deploy", "nginx", "nginx.conf.template");
const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

export type RunningNginx = {
  /** Plain HTTP (redirects to HTTPS, serves /nginx-health). */
  httpUrl: string;
  /** HTTPS with the self-signed certificate (`certificate`). */
  httpsUrl: string;
  httpsPort: number;
  /** PEM of the self-signed certificate, for clients that verify it. */
  certificate: string;
  dir: string;
  stop: () => Promise<void>;
};

/** Fills the ${PROBEBENCH_*} placeholders of a template; a placeholder without a value is an error, not a blank. */
function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(PROBEBENCH_[A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for ${name} in the nginx template`);
    return value;
  });
}

function nginxAvailable(): boolean {
  return existsSync(NGINX_BIN);
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for two days. */
async function makeSelfSignedCertificate(dir: string): Promise<void> {
  await run(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      path.join(dir, "privkey.pem"),
      "-out",
      path.join(dir, "fullchain.pem"),
    ],
    { quiet: true },
  );
}

/** Starts nginx in front of `upstream` (host:port) and waits until it answers. */
export async function startNginx(opts: {
  upstream: string;
  uploadMaxBytes: number;
  accessLog?: boolean;
}): Promise<RunningNginx> {
  if (!nginxAvailable()) throw new Error(`nginx not found at ${NGINX_BIN}: apt-get install nginx (or set NGINX_BIN)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "probebench-nginx-"));
  // nginx's workers run as an unprivileged user when started by root: they must reach the cache and temp folders.
  chmodSync(dir, 0o755);
  await makeSelfSignedCertificate(dir);
  const [httpPort, httpsPort] = [await sparePort(), await sparePort()];
  const config = renderTemplate(readFileSync(NGINX_TEMPLATE, "utf8"), {
    PROBEBENCH_UPSTREAM: opts.upstream,
    PROBEBENCH_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    PROBEBENCH_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
    PROBEBENCH_TLS_DIR: dir,
    PROBEBENCH_NGINX_DIR: dir,
    // Buffered, so logging costs the bench next to nothing.
    PROBEBENCH_ACCESS_LOG: opts.accessLog ? `${path.join(dir, "access.log")} probebench buffer=64k flush=1s` : "off",
    PROBEBENCH_UPLOAD_MAX_BYTES: String(opts.uploadMaxBytes),
  });
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(configFile, config);
  return launch(dir, configFile, {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpsPort,
  });
}

/**
 * nginx serving one file as `/` over HTTPS, tuned like the front proxy (same TLS, keep-alive, workers): the baseline
 * `npm run bench:pages -- --via-proxy` compares the proxy's cache with.
 */
export async function startStaticNginx(html: string): Promise<RunningNginx> {
  if (!nginxAvailable()) throw new Error(`nginx not found at ${NGINX_BIN}: apt-get install nginx (or set NGINX_BIN)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "probebench-nginx-static-"));
  chmodSync(dir, 0o755);
  await makeSelfSignedCertificate(dir);
  mkdirSync(path.join(dir, "www"), { mode: 0o755 });
  writeFileSync(path.join(dir, "www", "index.html"), html, { mode: 0o644 });
  const [httpPort, httpsPort] = [await sparePort(), await sparePort()];
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(
    configFile,
    `worker_processes auto;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_timeout 65s;
    keepalive_requests 10000;
    client_body_temp_path ${dir}/client-body;
    proxy_temp_path ${dir}/proxy-temp;
    fastcgi_temp_path ${dir}/fastcgi-temp;
    uwsgi_temp_path ${dir}/uwsgi-temp;
    scgi_temp_path ${dir}/scgi-temp;
    server {
        listen 127.0.0.1:${httpPort};
        location = /nginx-health { return 200 "ok\n"; }
    }
    server {
        listen 127.0.0.1:${httpsPort} ssl http2;
        ssl_certificate ${dir}/fullchain.pem;
        ssl_certificate_key ${dir}/privkey.pem;
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_session_cache shared:static_tls:10m;
        root ${dir}/www;
        location / { default_type text/html; }
    }
}
`,
  );
  return launch(dir, configFile, {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpsPort,
  });
}

/**
 * Runs nginx with a given config file in `dir` (not daemonized, so it ends with its parent's stop) and waits for
 * `readyUrl` (default: the health location of the HTTP server).
 */
async function launch(
  dir: string,
  configFile: string,
  urls: { httpUrl: string; httpsUrl: string; httpsPort: number },
  readyUrl = `${urls.httpUrl}/nginx-health`,
): Promise<RunningNginx> {
  let output = "";
  const child: ChildProcess = spawn(NGINX_BIN, ["-p", dir, "-c", configFile, "-e", "stderr", "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    await stopProcess(child, "SIGQUIT");
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(readyUrl);
      if (response.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer at ${readyUrl} within 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...urls, certificate: readFileSync(path.join(dir, "fullchain.pem"), "utf8"), dir, stop };
}
