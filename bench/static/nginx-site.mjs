// nginx's configuration for the static benchmark: the same pages, from the build's pre-compressed
// files, with the headers the product sends.
import { resolve } from 'node:path';
import { pageFile } from './page-check.mjs';

function nginxValue(name, value) {
  if (/["\\$\r\n]/.test(value)) throw new Error(`header ${name} cannot be put in nginx.conf`);
  return `"${value}"`;
}

/**
 * nginx's http block: each benchmarked page from the build's files, its `.br`/`.gz` sibling chosen
 * by Accept-Encoding (Debian's nginx has no brotli module: the location sets Content-Encoding
 * itself), with the headers the product sends with that page.
 */
export function nginxHttp(pageHeaders, webRoot) {
  const locations = [...pageHeaders].map(([path, headers]) =>
    [
      `    location = ${path} {`,
      `      try_files /${pageFile(path)}$page_suffix =404;`,
      '      add_header Content-Encoding $page_coding;',
      ...Object.entries(headers).map(
        ([name, value]) => `      add_header ${name} ${nginxValue(name, value)};`,
      ),
      '    }',
    ].join('\n'),
  );
  return `
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 1000000;
  open_file_cache max=64 inactive=60s;
  open_file_cache_valid 60s;
  types {}
  default_type "text/html; charset=utf-8";
  map $http_accept_encoding $page_suffix {
    default "";
    "~*\\bbr\\b" ".br";
    "~*\\bgzip\\b" ".gz";
  }
  map $page_suffix $page_coding {
    default "";
    ".br" br;
    ".gz" gzip;
  }
  server {
    listen 127.0.0.1:{{port}};
    root ${resolve(webRoot)};
${locations.join('\n')}
    location / {
      return 404;
    }
  }`;
}
