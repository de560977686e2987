// nginx for benchmarks: found (or installed from the distribution on a Debian-like machine), then
// started in the foreground on a free 127.0.0.1 port with a generated configuration in a temporary
// directory. Nothing outside that directory is written; the system's nginx, if any, is untouched.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@centro/server/testing';

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

function installed() {
  if (process.env.NGINX_PATH) {
    if (!existsSync(process.env.NGINX_PATH)) {
      throw new Error(`NGINX_PATH=${process.env.NGINX_PATH} does not exist`);
    }
    return process.env.NGINX_PATH;
  }
  return (
    ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path)) ?? which('nginx')
  );
}

/**
 * The nginx binary: NGINX_PATH, /usr/sbin/nginx or nginx on the PATH; when there is none, installs
 * Debian's package with apt-get (as root only), else throws saying what to install.
 */
export function ensureNginx() {
  const found = installed();
  if (found) return found;
  const apt = which('apt-get');
  const root = process.getuid?.() === 0;
  if (!apt || !root) {
    throw new Error(
      'nginx is needed for this benchmark and is not installed. Install it (Debian/Ubuntu: ' +
        '`sudo apt-get install -y nginx-light`, or `nginx`), or set NGINX_PATH to its binary.',
    );
  }
  console.info('nginx is not installed: installing it with apt-get');
  // The packages' post-install scripts must not start the system's nginx on port 80.
  const policy = '/usr/sbin/policy-rc.d';
  const addedPolicy = !existsSync(policy);
  if (addedPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = (name) =>
      spawnSync(apt, ['install', '-y', '--no-install-recommends', name], { env, stdio: 'inherit' })
        .status === 0;
    // nginx-light is Debian 12's small build; newer releases have only `nginx`.
    let ok = install('nginx-light') || install('nginx');
    if (!ok) {
      spawnSync(apt, ['update'], { env, stdio: 'inherit' });
      ok = install('nginx-light') || install('nginx');
    }
    if (!ok)
      throw new Error('apt-get could not install nginx-light or nginx; install nginx by hand');
  } finally {
    if (addedPolicy) rmSync(policy, { force: true });
  }
  const after = installed();
  if (!after) throw new Error('nginx was installed but its binary was not found; set NGINX_PATH');
  return after;
}

/** `nginx/1.22.1`. */
export function nginxVersion(binary) {
  const out = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return (out.stderr || out.stdout).trim().replace(/^nginx version:\s*/, '');
}

/** The user line of the configuration: as root, workers run as nobody (nginx's default user). */
function userDirective() {
  if (process.getuid?.() !== 0) return '';
  const groups = existsSync('/etc/group') ? readFileSync('/etc/group', 'utf8') : '';
  const group = /^nogroup:/m.test(groups) ? 'nogroup' : 'nobody';
  return `user nobody ${group};`;
}

/**
 * Starts nginx with `main` (top-level directives, after the generated ones) and `http` (the
 * contents of its http block; `{{port}}` is replaced by the port). Resolves to
 * { url, port, dir, conf, pid, stop() } once the port accepts connections.
 */
export async function startNginx({ binary = ensureNginx(), main = '', http }) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'centro-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, sub));
  }
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      userDirective(),
      'daemon off;',
      'master_process on;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      main,
      'http {',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      http.replaceAll('{{port}}', String(port)),
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', `${dir}/`, '-c', conf, '-e', `${dir}/error.log`];
  const test = spawnSync(binary, ['-t', ...args], { encoding: 'utf8' });
  if (test.status !== 0) {
    throw new Error(`nginx rejected its configuration (${conf}):\n${test.stderr}${test.stdout}`);
  }
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : '';
      throw new Error(`nginx exited with ${child.exitCode}:\n${log}`);
    }
    try {
      await fetch(url);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start in 10 s (configuration and log in ${dir})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dir,
    conf,
    /** The master process; its workers are its children. */
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
