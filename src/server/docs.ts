/**
 * The API documentation: OpenAPI made by @fastify/swagger from the routes' zod schemas
 * (GET /docs/json), and Swagger UI at /docs with the assets shipped in @fastify/swagger-ui.
 *
 * The UI is served here rather than by registering @fastify/swagger-ui: that plugin loads
 * a @fastify/static whose content-disposition is an ES module, which CommonJS `require`
 * cannot load in jest's module system (and Node 20 loads only with require(esm)). The
 * page, the assets and the CSP are the same.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { App } from './app-type';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>ironbottom API</title>
<link rel="stylesheet" type="text/css" href="/docs/static/swagger-ui.css" />
<link rel="stylesheet" type="text/css" href="/docs/static/index.css" />
<link rel="icon" type="image/png" href="/docs/static/favicon-32x32.png" sizes="32x32" />
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/static/swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="/docs/static/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
<script src="/docs/static/swagger-initializer.js" charset="UTF-8"></script>
</body>
</html>
`;

const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/docs/json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout'
  });
};
`;

export function docsRoutes(app: App): void {
  const dir = join(dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static');
  // Read from disk when asked for, not held: the assets are 2.4 MB that a server keeps
  // resident for a page few people open (the operating system caches the files anyway).
  const files = new Map<string, { body: () => Promise<Buffer | string>; type: string }>();
  for (const name of readdirSync(dir)) {
    const ext = name.slice(name.lastIndexOf('.'));
    if (TYPES[ext] && name !== 'index.html') files.set(name, { body: () => readFile(join(dir, name)), type: TYPES[ext]! });
  }
  files.set('swagger-initializer.js', { body: async () => INITIALIZER, type: TYPES['.js']! });
  const csp = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'";

  app.get('/docs', { schema: { hide: true } }, async (_req, reply) => reply.header('content-security-policy', csp).type(TYPES['.html']!).send(PAGE));
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get<{ Params: { file: string } }>('/docs/static/:file', { schema: { hide: true } }, async (req, reply) => {
    const f = files.get(req.params.file);
    if (!f) return reply.status(404).send({ error: { code: 'not-found', message: 'No such file.' } });
    return reply
      .header('content-security-policy', csp)
      .header('cache-control', 'public, max-age=86400')
      .type(f.type)
      .send(await f.body());
  });
}
