import { spawn } from 'node:child_process';
import { existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Debian's nginx, run as the current user with everything it writes (pid, logs, temp files) in a
 * folder of the test's own, so parallel runs never meet. Missing nginx fails the run with the way to
 * install it: the production-serving test never skips.
 */
export function nginxPath(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(`No nginx at ${candidates.join(' or ')}. Install Debian's: "apt-get update && apt-get install -y nginx" (.ci/run does), or point NGINX_PATH at an nginx binary.`);
  }
  return found;
}

/**
 * Debian's brotli_static module (libnginx-mod-http-brotli-static), which the site uses to send the
 * build's .br files. Debian's own nginx.conf loads it through modules-enabled; the test's does here.
 */
export function brotliStaticModule(): string {
  const candidates = [process.env.NGINX_BROTLI_STATIC_MODULE, '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      `No nginx brotli_static module at ${candidates.join(' or ')}. Install Debian's: "apt-get install -y libnginx-mod-http-brotli-static" (.ci/run does), or point NGINX_BROTLI_STATIC_MODULE at the module.`,
    );
  }
  return found;
}

export interface RunningNginx {
  stop(): Promise<void>;
}

/** Starts nginx in the foreground with `siteFile` as its only site; resolves once it listens. */
export async function startNginx(siteFile: string, dir: string): Promise<RunningNginx> {
  const binary = nginxPath();
  const pidFile = join(dir, 'nginx.pid');
  const errorLog = join(dir, 'error.log');
  const temp = (name: string) => join(dir, `temp-${name}`);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      // As root (CI), workers would otherwise run as nobody, who cannot read this private folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `load_module ${brotliStaticModule()};`,
      'worker_processes 1;',
      `pid ${pidFile};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      `  client_body_temp_path ${temp('body')}; proxy_temp_path ${temp('proxy')}; fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')}; scgi_temp_path ${temp('scgi')};`,
      `  include ${siteFile};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', dir, '-e', errorLog, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // nginx writes its pid file after it has bound the listening sockets.
  await new Promise<void>((resolve, reject) => {
    const watcher = watch(dir, () => {
      if (existsSync(pidFile)) done();
    });
    let settled = false;
    const done = (error?: Error) => {
      if (settled) return;
      settled = true;
      watcher.close();
      if (error) reject(error);
      else resolve();
    };
    void exited.then((code) => done(new Error(`nginx exited (${code}):\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`)));
    if (existsSync(pidFile)) done();
  });
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
