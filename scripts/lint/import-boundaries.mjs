// ESLint rule `kezhan/import-boundaries`: the layering of ARCHITECTURE.md, checked on every import.
//
// - A web app's feature (`apps/<app>/src/features/<a>/`) never imports another feature
//   (`features/<b>/`): what two features share moves to `src/shared/`.
// - A web app's `src/shared/` never imports `src/features/` or `src/app/`: data flows
//   shared → features → app.
// - The server's `src/shared/` and `src/providers/` never import `src/modules/`: modules build on
//   them, not the other way round.
// - The server's production code (`src/`, tests aside) never imports `test/`: fixtures and fake
//   vendors stay out of the image.
//
// Specifiers are resolved the way the apps resolve them (relative paths and the `@/` alias of the
// web apps), so the rule judges the file an import really reaches, whatever its spelling.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

const toPosix = (file) => file.split(path.sep).join('/');

/** The repository-relative path a specifier reaches from `file`, or null for a package. */
function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.'))
    return toPosix(path.relative(ROOT, path.resolve(path.dirname(file), specifier)));
  const app = /^(apps\/[^/]+)\/src\//.exec(toPosix(path.relative(ROOT, file)));
  if (app && specifier.startsWith('@/')) return `${app[1]}/src/${specifier.slice(2)}`;
  return null;
}

/** Why `from` may not import `to` (both repository-relative), or null when it may. */
export function boundaryViolation(from, to) {
  const feature = /^(apps\/[^/]+\/src)\/features\/([^/]+)\//.exec(from);
  if (feature) {
    const target = new RegExp(`^${feature[1]}/features/([^/]+)(/|$)`).exec(to);
    if (target && target[1] !== feature[2])
      return `features never import each other (${feature[2]} → ${target[1]}): move what they share to src/shared`;
  }
  const webShared = /^(apps\/(?!server\/)[^/]+\/src)\/shared\//.exec(from);
  if (webShared && new RegExp(`^${webShared[1]}/(features|app)(/|$)`).test(to))
    return 'src/shared never imports src/features or src/app (data flows shared → features → app)';
  if (/^apps\/server\/src\//.test(from) && /^apps\/server\/test(\/|$)/.test(to))
    return 'production code never imports test support (apps/server/test stays out of the image)';
  if (/^apps\/server\/src\/(shared|providers)\//.test(from) && /^apps\/server\/src\/modules(\/|$)/.test(to))
    return 'server shared/ and providers/ never import modules/: modules build on them';
  return null;
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Keeps the layers of ARCHITECTURE.md: no import against the direction of the layers.',
    },
    schema: [],
    messages: { boundary: '{{reason}}' },
  },
  create(context) {
    const from = toPosix(path.relative(ROOT, context.filename));
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = resolveSpecifier(context.filename, source.value);
      const reason = to && boundaryViolation(from, to);
      if (reason) context.report({ node: source, messageId: 'boundary', data: { reason } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
