// Debian's nginx with the configuration docs/deploy.md gives (deploy/nginx/shop.conf), as a
// foreground child process with its own temporary prefix: pid, logs and temporary files stay in a
// folder of its own, on a free port, in front of the instances the test names. The system's nginx
// is never touched.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for';

const SHOP_CONF = fileURLToPath(new URL('../../deploy/nginx/shop.conf', import.meta.url));

export interface Nginx {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Each line the test changes, found exactly once, or the documented file changed under the test. */
function replaceOnce(conf: string, line: RegExp, by: string): string {
  const found = conf.match(new RegExp(line.source, 'gm'))?.length ?? 0;
  if (found !== 1) throw new Error(`deploy/nginx/shop.conf has ${found} lines like ${line}, not 1: update tests/support/nginx.ts`);
  return conf.replace(new RegExp(line.source, 'm'), by);
}

/** The documented file with the upstream's servers and the listening address of this test. */
function shopConf(listenPort: number, upstreams: [string, string]): string {
  let conf = readFileSync(SHOP_CONF, 'utf8');
  conf = replaceOnce(conf, /^\s*server 127\.0\.0\.1:3001;$/, `    server ${upstreams[0]};`);
  conf = replaceOnce(conf, /^\s*server 127\.0\.0\.1:3002;$/, `    server ${upstreams[1]};`);
  conf = replaceOnce(conf, /^\s*listen 80;$/, `    listen 127.0.0.1:${listenPort};`);
  return replaceOnce(conf, /^\s*listen \[::\]:80;$/, '');
}

/** nginx on 127.0.0.1:port in front of two instances ('127.0.0.1:port'); resolves once it answers. */
export async function startNginx(port: number, upstreams: [string, string]): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'shop-nginx-'));
  writeFileSync(path.join(prefix, 'shop.conf'), shopConf(port, upstreams));
  const at = (name: string) => path.join(prefix, name);
  writeFileSync(
    at('nginx.conf'),
    [
      // As root, the workers would otherwise run as nobody, who cannot write in this private folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${at('nginx.pid')};`,
      `error_log ${at('error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${at('access.log')};`,
      `  client_body_temp_path ${at('client_body')};`,
      `  proxy_temp_path ${at('proxy')};`,
      `  fastcgi_temp_path ${at('fastcgi')};`,
      `  uwsgi_temp_path ${at('uwsgi')};`,
      `  scgi_temp_path ${at('scgi')};`,
      `  include ${at('shop.conf')};`,
      '}',
    ].join('\n'),
  );
  let log = '';
  const exits: (number | string | null)[] = [];
  const child = spawn(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-p', prefix, '-c', at('nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  child.on('exit', (code, signal) => exits.push(code ?? signal));
  child.on('error', (err) => (log += `${err.message}\n`));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    try {
      return readFileSync(at('error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  await waitFor('nginx to answer', async () => {
    if (exits.length) throw new Error(`nginx exited during start:\n${log}${errorLog()}`);
    return (await fetch(`${url}/api/health`).catch(() => null)) !== null;
  });
  return {
    url,
    output: () => log + errorLog(),
    async stop() {
      if (!exits.length) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
