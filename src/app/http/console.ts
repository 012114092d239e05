import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Context } from 'koa';
import { consoleFiles, importMap, type ConsoleFile } from '@gwsim/console';

/** Where the web console is served; its modules and the libraries it runs on below it. */
export const CONSOLE_PATH = '/_sim/console';

const IMPORT_MAP = JSON.stringify(importMap(CONSOLE_PATH));
const IMPORT_MAP_HASH = createHash('sha256').update(IMPORT_MAP).digest('base64');

/**
 * Everything the page loads comes from this origin (modules, styles, the calls it makes, the ladder it frames);
 * the only inline script is the import map, allowed by its hash. uPlot sizes its canvas with inline styles.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${IMPORT_MAP_HASH}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>gwsim console</title>
  <link rel="icon" href="data:,">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="${CONSOLE_PATH}/vendor/uPlot.min.css">
  <link rel="stylesheet" href="${CONSOLE_PATH}/console.css">
  <script type="importmap">${IMPORT_MAP}</script>
  <script type="module" src="${CONSOLE_PATH}/app/main.js"></script>
</head>
<body>
  <div id="console"><noscript>The gwsim console needs JavaScript.</noscript></div>
</body>
</html>
`;

let files: Record<string, ConsoleFile> | undefined;
const cache = new Map<string, Buffer>();

function content(name: string, file: ConsoleFile): Buffer {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = readFileSync(file.file);
    cache.set(name, bytes);
  }
  return bytes;
}

/**
 * Answers GET/HEAD of the console page and its files; false when `ctx.path` is not one of them. The page and
 * its files hold nothing secret and need no credentials: the page signs in with the gateway's own users, and
 * every call it makes is authenticated and authorised as any other.
 */
export function serveConsole(ctx: Context): boolean {
  const sub =
    ctx.path === CONSOLE_PATH || ctx.path === `${CONSOLE_PATH}/`
      ? ''
      : ctx.path.startsWith(`${CONSOLE_PATH}/`)
        ? ctx.path.slice(CONSOLE_PATH.length + 1)
        : undefined;
  if (sub === undefined) return false;
  if (sub === '') {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
    ctx.set('Cache-Control', 'no-cache');
  } else {
    files ??= consoleFiles();
    const file = Object.hasOwn(files, sub) ? files[sub] : undefined;
    if (!file) return false;
    ctx.type = file.type;
    ctx.body = content(sub, file);
    ctx.set('Cache-Control', 'no-cache');
  }
  ctx.set('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.state['operation'] = `GET ${CONSOLE_PATH}`;
  return true;
}
