// ESLint rule `kezhan/import-boundaries`: the layering of ARCHITECTURE.md, checked on every import.
//
// - A web app's feature (`apps/<app>/src/features/<a>/`) never imports another feature
//   (`features/<b>/`): what two features share moves to `src/shared/`.
// - A web app's `src/shared/` never imports `src/features/` or the top (`src/app/`, the h5's
//   `src/first-screen/`, `src/main.tsx`), and a feature never imports the top: data flows
//   shared → features → app.
// - The server's `src/` is in layers, each importing only its own and those below it:
//   config → shared → providers → kernel (`kernel/`, `services.ts`) → modules (`modules/<area>/`)
//   → the program (`modules/registry.ts`, `create-services.ts`, `app.ts`, `main.ts`, `cli/`, `seed/`).
// - No import closes a cycle in the server's `src/`: neither between files nor between folders
//   (`modules/<area>/`, `kernel/`, `cli/`, … each counted as one), so features that use each other
//   do so in one direction only.
// - The server's production code (`src/`, tests aside) never imports `test/`: fixtures and fake
//   vendors stay out of the image.
//
// Specifiers are resolved the way the apps resolve them (relative paths and the `@/` alias of the
// web apps), so the rule judges the file an import really reaches, whatever its spelling. Type-only
// imports count: a layer that needs a type from above is in the wrong layer.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_SRC = 'apps/server/src';

const toPosix = (file) => file.split(path.sep).join('/');

/**
 * The repository-relative path a specifier reaches from `file`, or null for a package. A server
 * file is named with its extension (`modules/ops` is `modules/ops/index.ts`).
 */
function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier);
    const real = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    return toPosix(path.relative(ROOT, real ?? target));
  }
  const app = /^(apps\/[^/]+)\/src\//.exec(toPosix(path.relative(ROOT, file)));
  if (app && specifier.startsWith('@/')) return `${app[1]}/src/${specifier.slice(2)}`;
  return null;
}

/** The server's layers, lowest first; a path inside `src/` is in the first layer that matches. */
const SERVER_LAYERS = [
  { name: 'config', test: /^config(\/|$)/ },
  { name: 'shared', test: /^shared(\/|$)/ },
  { name: 'providers', test: /^providers(\/|$)/ },
  { name: 'kernel', test: /^(kernel\/|services\.ts$)/ },
  { name: 'modules', test: /^modules\/[^/]+\// },
  { name: 'program', test: /./ },
];

/** The layer of a file inside the server's `src/`. */
export const serverLayer = (inSrc) => SERVER_LAYERS.findIndex((layer) => layer.test.test(inSrc));

/** A web app's top, above its features: the shell, the server's first-screen drawing, the entry. */
const WEB_TOP = '(app|first-screen|main)';

/** Why `from` may not import `to` (both repository-relative), or null when it may. */
export function boundaryViolation(from, to) {
  const feature = /^(apps\/[^/]+\/src)\/features\/([^/]+)\//.exec(from);
  if (feature) {
    const target = new RegExp(`^${feature[1]}/features/([^/]+)(/|$)`).exec(to);
    if (target && target[1] !== feature[2])
      return `features never import each other (${feature[2]} → ${target[1]}): move what they share to src/shared`;
  }
  const webShared = /^(apps\/(?!server\/)[^/]+\/src)\/shared\//.exec(from);
  if (webShared && new RegExp(`^${webShared[1]}/(features|${WEB_TOP})(/|\\.|$)`).test(to))
    return 'src/shared never imports src/features or src/app (data flows shared → features → app)';
  if (feature && new RegExp(`^${feature[1]}/${WEB_TOP}(/|\\.|$)`).test(to))
    return 'features never import src/app (data flows shared → features → app): move what they need to src/shared';
  if (/^apps\/server\/src\//.test(from) && /^apps\/server\/test(\/|$)/.test(to))
    return 'production code never imports test support (apps/server/test stays out of the image)';
  const inSrc = (file) => file.slice(SERVER_SRC.length + 1);
  if (from.startsWith(`${SERVER_SRC}/`) && to.startsWith(`${SERVER_SRC}/`)) {
    const [below, above] = [serverLayer(inSrc(from)), serverLayer(inSrc(to))];
    if (above > below)
      return `server layers point down (${SERVER_LAYERS.map((layer) => layer.name).join(' → ')}): ${SERVER_LAYERS[below].name} may not import ${SERVER_LAYERS[above].name} (${inSrc(to)})`;
  }
  return null;
}

/** The folder an import cycle is counted between: `modules/<area>`, another top folder, or a top file. */
export function serverRoom(inSrc) {
  const feature = /^modules\/([^/]+)\//.exec(inSrc);
  if (feature) return `modules/${feature[1]}/`;
  const top = /^([^/]+)\//.exec(inSrc);
  return top ? `${top[1]}/` : inSrc;
}

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

function resolveFile(fromFile, specifier, files) {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix
    .normalize(path.posix.join(path.posix.dirname(fromFile), specifier))
    .replace(/\.js$/, '');
  return (
    [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => files.has(candidate)) ?? null
  );
}

/**
 * The import graph of a folder's production files (tests left out: they may import anything):
 * `{ edges: Map<file, Set<file>> }`, paths relative to `dir`. Every import counts: values, types,
 * re-exports, `import()`, module augmentations.
 */
export function readImportGraph(dir) {
  const files = new Set();
  const walk = (folder) => {
    for (const entry of fs.readdirSync(path.join(dir, folder), { withFileTypes: true })) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts'))
        files.add(relative);
    }
  };
  walk('');
  const edges = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(path.join(dir, file), 'utf8'), true, true);
    const specifiers = [
      ...info.importedFiles.map((item) => item.fileName),
      ...(info.ambientExternalModules ?? []),
    ];
    edges.set(
      file,
      new Set(specifiers.map((specifier) => resolveFile(file, specifier, files)).filter((target) => target)),
    );
  }
  return { edges };
}

/** A shortest chain of imports from one of `starts` to a file that `isGoal` accepts, or null. */
function chainTo(graph, starts, isGoal) {
  const previous = new Map(starts.map((start) => [start, null]));
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift();
    if (isGoal(file)) {
      const chain = [];
      for (let at = file; at !== null; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of graph.edges.get(file) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * Why the import `from` → `to` (paths relative to the graph's folder) closes a cycle, or null:
 * `to` already reaches `from`, or `to`'s folder already reaches `from`'s folder.
 */
export function cycleViolation(graph, from, to) {
  if (from === to || !graph.edges.has(to)) return null;
  const fileChain = chainTo(graph, [to], (file) => file === from);
  if (fileChain) return `import cycle: ${[from, ...fileChain].join(' → ')}`;
  const [fromRoom, toRoom] = [serverRoom(from), serverRoom(to)];
  if (fromRoom === toRoom) return null;
  const toRoomFiles = [
    to,
    ...[...graph.edges.keys()].filter((file) => file !== to && serverRoom(file) === toRoom),
  ];
  const roomChain = chainTo(graph, toRoomFiles, (file) => serverRoom(file) === fromRoom);
  if (roomChain)
    return `import cycle between folders ${fromRoom} and ${toRoom}: ${from} → ${to}, and ${roomChain.join(' → ')} (one of them must stop importing the other)`;
  return null;
}

/** The server's graph, read again when a lint run starts or after two quiet seconds (editors). */
let cachedGraph = null;
function serverGraph() {
  const now = Date.now();
  if (!cachedGraph || now - cachedGraph.at > 2000)
    cachedGraph = { at: now, graph: readImportGraph(path.join(ROOT, SERVER_SRC)) };
  else cachedGraph.at = now;
  return cachedGraph.graph;
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keeps the layers of ARCHITECTURE.md: no import against the direction of the layers, no import cycle in the server.',
    },
    schema: [],
    messages: { boundary: '{{reason}}' },
  },
  create(context) {
    const from = toPosix(path.relative(ROOT, context.filename));
    const inServer = from.startsWith(`${SERVER_SRC}/`) && !TEST.test(from);
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = resolveSpecifier(context.filename, source.value);
      if (!to) return;
      let reason = boundaryViolation(from, to);
      if (!reason && inServer && to.startsWith(`${SERVER_SRC}/`)) {
        const inSrc = (file) => file.slice(SERVER_SRC.length + 1);
        reason = cycleViolation(serverGraph(), inSrc(from), inSrc(to));
      }
      if (reason) context.report({ node: source, messageId: 'boundary', data: { reason } });
    };
    const fromSource = (node) => check(node, node.source);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: fromSource,
      // `declare module '../../services' { … }` adds to another file's types: it depends on it.
      TSModuleDeclaration: (node) => check(node, node.id),
    };
  },
};
