import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  bootAnswerKey,
  H5_APP_SCRIPTS_TEMPLATE_ID,
  H5_FIRST_SCREEN_ATTRIBUTE,
  H5_FIRST_SCREEN_MODULE,
  H5_START_MODULE,
  type FirstScreenAnswers,
  type RenderFirstScreen,
} from '@kezhan/contract/h5-boot';
import {
  bootAddress,
  H5_BOOT_ANSWERS,
  H5_PAGES,
  H5_VISITOR_COURSE_ANSWER,
  type BootAnswerName,
  type H5FirstScreen,
  type LargestImage,
} from '@kezhan/contract/h5-pages';
import { DEFAULT_AVATAR, sizedImage, webpSrcset } from '@kezhan/contract/images';
import { idParam } from '@kezhan/contract/shapes';

/**
 * The answer of a public GET address as a visitor gets it (a MeEdu envelope), from the route that
 * serves it, or undefined when it cannot be had: the h5 then asks for it as usual.
 */
export type PublicAnswer = (address: string) => Promise<unknown>;

/** The course in `?id=`, read as the course detail route reads its id, else none. */
function courseIdIn(query: URLSearchParams): number | null {
  const id = idParam().safeParse(query.get('id'));
  return id.success && id.data > 0 ? id.data : null;
}

/** The pages whose first screen the server draws, from the page table. */
const FIRST_SCREENS = new Map<string, H5FirstScreen>(
  H5_PAGES.flatMap((entry) => ('firstScreen' in entry ? [[entry.path, entry.firstScreen]] : [])),
);

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** Safe inside a <script type="application/json">: no "</script>", no HTML comment openers. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

interface Chunks {
  scripts: string[];
  styles: string[];
}

interface AppChunks {
  /** The app's start (H5_START_MODULE) beyond the entry, fetched on every page with the entry. */
  start: Chunks;
  /** Each main route's own chunks beyond the entry and the start. */
  routes: Map<string, Chunks>;
}

/** The chunks each page fetches with the entry, read from Vite's manifest. */
function appChunks(distDir: string): AppChunks {
  const none: AppChunks = { start: { scripts: [], styles: [] }, routes: new Map() };
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return none;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) return none;
  const chunks = (keys: string[]): Chunks => ({
    scripts: keys.map((key) => manifest[key].file),
    styles: keys.flatMap((key) => manifest[key].css ?? []),
  });
  const inEntry = closure(entry);
  const start = [...closure(H5_START_MODULE)].filter((key) => !inEntry.has(key));
  const shell = new Set([...inEntry, ...start]);
  const routes = new Map<string, Chunks>();
  for (const { path: route, module } of H5_PAGES) {
    if (!manifest[module]) continue;
    routes.set(route, chunks([...closure(module)].filter((key) => !shell.has(key))));
  }
  return { start: chunks(start), routes };
}

const scriptLink = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

/**
 * The links in the head of the chunks a page fetches with the entry. On a page the server drew,
 * the route's stylesheets are applied at once (the drawing needs them; the loader then finds them
 * in place) and the scripts wait in `appScriptsTemplate`. crossorigin like Vite's own links, or
 * the browser fetches the files twice.
 */
function chunkLinks(chunks: Chunks | undefined, drawn: boolean): string[] {
  if (!chunks) return [];
  if (drawn) return chunks.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  return [
    ...chunks.scripts.map(scriptLink),
    ...chunks.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
}

/**
 * On a page the server drew, the app's scripts wait for the first paint, so the drawing's
 * stylesheets and largest image do not share the network with them. They are listed in an inert
 * template the entry then adds to the document a few at a time (src/app/app-scripts.ts): each
 * link costs the main thread about a millisecond, and all of them at once (as the app's loader
 * would add them) make a long task on a slow phone.
 */
function appScriptsTemplate(chunks: AppChunks, pathname: string): string {
  const scripts = [...chunks.start.scripts, ...(chunks.routes.get(pathname)?.scripts ?? [])];
  return `<template id="${H5_APP_SCRIPTS_TEMPLATE_ID}">${scripts.map(scriptLink).join('')}</template>`;
}

/** The h5's server-side first screen when it was built; null serves pages without one. */
async function loadFirstScreen(distDir: string): Promise<RenderFirstScreen | null> {
  const file = path.resolve(distDir, H5_FIRST_SCREEN_MODULE);
  if (!fs.existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: RenderFirstScreen };
  return loaded.renderFirstScreen ?? null;
}

/** The first banner of the home page. */
function firstBannerImage(blocksAnswer: unknown): unknown {
  const blocks = (blocksAnswer as { data?: unknown })?.data;
  if (!Array.isArray(blocks)) return null;
  const slider = blocks.find((block) => block?.sign === 'slider');
  return slider?.config_render?.[0]?.src;
}

/** The cover of a course's detail. */
function courseCover(detailAnswer: unknown): unknown {
  return (detailAnswer as { data?: { course?: { thumb?: unknown } } })?.data?.course?.thumb;
}

/** The poster the site's player shows before a lesson plays. */
function playerPoster(configAnswer: unknown): unknown {
  return (configAnswer as { data?: { player?: { cover?: unknown } } })?.data?.player?.cover;
}

/** The first cover of the course list. */
function firstCourseCover(pageAnswer: unknown): unknown {
  const courses = (pageAnswer as { data?: { data?: unknown } })?.data?.data;
  return Array.isArray(courses) ? courses[0]?.thumb : null;
}

/** Where each kind of largest picture is found in a page's answers. */
const LARGEST_IMAGES: Record<LargestImage, (answers: FirstScreenAnswers) => unknown> = {
  firstBanner: (answers) => firstBannerImage(answers.homeBlocks),
  firstCourseCover: (answers) => firstCourseCover(answers.firstCoursePage),
  courseCover: (answers) => courseCover(answers.visitorCourse),
  playerPoster: (answers) => playerPoster(answers.config),
  defaultAvatar: () => DEFAULT_AVATAR,
};

/**
 * A page's largest image at high priority. A sized image is preloaded as the WebP copy the h5's
 * <picture> will pick (same srcset and sizes); any other address as it is.
 */
function imagePreload(address: string, sizes: string | undefined): string {
  const sized = sizedImage(address);
  if (!sized || sizes === undefined)
    return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(address)}">`;
  return (
    `<link rel="preload" as="image" type="image/webp" fetchpriority="high" ` +
    `imagesrcset="${escapeAttribute(webpSrcset(sized))}" imagesizes="${escapeAttribute(sizes)}">`
  );
}

/**
 * index.html as each page of the h5 is served: the answers its first screen needs inlined as JSON
 * (config everywhere; the home blocks and the latest announcement on /, categories and the first
 * courses on /vod), the route's chunks and its largest image preloaded, and on the main pages the
 * first screen already drawn into #root by the h5's own components (src/first-screen), so it
 * paints before any script has run: home and course list as they are, a course's page from a
 * visitor's answer, the lesson and the member centre as they show while loading. The h5 takes an
 * inlined answer instead of asking for it (shared/http/boot-answers.ts), so the first render does
 * not wait on a chain of requests. The inlined data is not a script the browser runs, so a strict
 * Content-Security-Policy needs no exception for it. A drawing that fails is reported and the page
 * goes out without it.
 */
export function createH5PageRenderer(
  distDir: string,
  publicAnswer: PublicAnswer,
  onDrawFailed: (error: unknown) => void = () => undefined,
) {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const chunks = appChunks(distDir);
  const firstScreen = loadFirstScreen(distDir).catch((error: unknown) => {
    onDrawFailed(error);
    return null;
  });

  const draw = async (pathname: string, answers: FirstScreenAnswers): Promise<string | null> => {
    const render = await firstScreen;
    try {
      return render?.(pathname, answers) ?? null;
    } catch (error) {
      onDrawFailed(error);
      return null;
    }
  };

  /** A failing answer is left out: the h5 then asks for it as usual. */
  const settle = (address: string) => publicAnswer(address).catch(() => undefined);

  return async function renderPage(pathname: string, search = ''): Promise<string> {
    const page = FIRST_SCREENS.get(pathname);
    const boot = page?.onlyWithoutQuery && search ? undefined : page;
    const wanted: BootAnswerName[] = ['config', ...(boot?.inlines ?? [])];
    const courseId = boot?.visitorCourse ? courseIdIn(new URLSearchParams(search)) : null;
    const addresses = wanted.map((name) => bootAddress(H5_BOOT_ANSWERS[name]));
    const [loaded, visitorCourse] = await Promise.all([
      Promise.all(addresses.map(settle)),
      courseId === null ? undefined : settle(H5_VISITOR_COURSE_ANSWER.path.replace('{id}', String(courseId))),
    ]);
    const answers: FirstScreenAnswers = { visitorCourse };
    const inlined: Record<string, unknown> = {};
    wanted.forEach((name, index) => {
      if (loaded[index] === undefined) return;
      answers[name] = loaded[index];
      inlined[bootAnswerKey(addresses[index])] = loaded[index];
    });

    const drawing = boot ? await draw(pathname, answers) : null;
    const head: string[] = [];
    const image = boot?.largestImage ? LARGEST_IMAGES[boot.largestImage](answers) : undefined;
    if (boot && typeof image === 'string' && image) head.push(imagePreload(image, boot.imageSizes));
    if (drawing === null) head.push(...chunkLinks(chunks.start, false));
    head.push(...chunkLinks(chunks.routes.get(pathname), drawing !== null));
    head.push(`<script id="kezhan-boot" type="application/json">${jsonForHtml(inlined)}</script>`);
    const html = template.replace('</head>', () => `${head.join('\n')}\n</head>`);
    if (drawing === null) return html;
    // A picture until the app takes over: not focusable or announced, so nothing is used twice.
    return html.replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" ${H5_FIRST_SCREEN_ATTRIBUTE} inert aria-hidden="true">${drawing}</div>` +
        appScriptsTemplate(chunks, pathname),
    );
  };
}
