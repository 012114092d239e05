import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'koa';

/** Where Swagger UI is served; its assets below it. */
export const DOCS_PATH = '/_sim/docs';

/**
 * The only files of swagger-ui-dist that are served (no source maps, no sample initializer that loads the
 * petstore from the Internet), read once on first demand and kept.
 */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/**
 * Everything the page may load comes from this origin: the browser refuses any other host (no CDN, no
 * validator badge, no fonts from elsewhere). Swagger UI sets inline styles and shows images as data: URLs.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'none'",
].join('; ');

/** The two documents in the page's selector: the gateway's API and the simulator's own. */
export const DOCS_DOCUMENTS = [
  { url: '/openapi.json', name: 'Gateway management API (/openapi.json)' },
  { url: '/_sim/openapi.json', name: 'Simulator control API (/_sim/openapi.json)' },
] as const;

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>gwsim API documentation</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-16x16.png" sizes="16x16">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
  <script src="${DOCS_PATH}/gwsim-docs.js"></script>
</body>
</html>
`;

/**
 * Swagger UI's start: both documents in the top bar's selector (`?urls.primaryName=` picks one), no
 * validator (its badge would ask validator.swagger.io), requests sent with the page's own cookie.
 */
const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    urls: ${JSON.stringify(DOCS_DOCUMENTS)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    tryItOutEnabled: false,
    displayRequestDuration: true,
    queryConfigEnabled: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout'
  });
};
`;

let distDirectory: string | undefined;
const cache = new Map<string, Buffer>();

function asset(name: string): Buffer {
  let content = cache.get(name);
  if (!content) {
    distDirectory ??= (require('swagger-ui-dist') as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();
    content = readFileSync(path.join(distDirectory, name));
    cache.set(name, content);
  }
  return content;
}

/**
 * Answers GET/HEAD of the Swagger UI page and its assets; false when `ctx.path` is not one of them.
 * No credentials: the page holds no state, and its "Authorize" button (or the session cookie of this origin)
 * authenticates the calls made from it.
 */
export function serveDocs(ctx: Context): boolean {
  const sub =
    ctx.path === DOCS_PATH || ctx.path === `${DOCS_PATH}/`
      ? ''
      : ctx.path.startsWith(`${DOCS_PATH}/`)
        ? ctx.path.slice(DOCS_PATH.length + 1)
        : undefined;
  if (sub === undefined) return false;
  if (sub === '') {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  } else if (sub === 'gwsim-docs.js') {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = INITIALIZER;
  } else if (Object.hasOwn(ASSETS, sub)) {
    ctx.type = ASSETS[sub]!;
    ctx.body = asset(sub);
    ctx.set('Cache-Control', 'public, max-age=3600');
  } else {
    return false;
  }
  ctx.set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.state['operation'] = `GET ${DOCS_PATH}`;
  return true;
}
