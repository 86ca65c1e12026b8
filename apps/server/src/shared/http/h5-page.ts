import fs from 'node:fs';
import path from 'node:path';
import {
  bootAnswerKey,
  H5_COURSE_LIST_FIRST_PAGE,
  H5_HOME_BLOCKS,
  H5_ROUTE_MODULES,
} from '@kezhan/contract/h5-boot';
import { COURSE_COVER_SIZES, HOME_BANNER_SIZES, sizedImage, webpSrcset } from '@kezhan/contract/images';

const withQuery = (pathname: string, query: Record<string, string | number>) =>
  `${pathname}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`;

/** The addresses, as the h5 asks for them, of the answers its first screens need. */
export const BOOT_ADDRESSES = {
  config: '/api/v2/other/config',
  homeBlocks: withQuery('/api/v2/viewBlock/page/blocks', H5_HOME_BLOCKS),
  latestAnnouncement: '/api/v2/announcement/latest',
  courseCategories: '/api/v2/course_categories',
  firstCoursePage: withQuery('/api/v2/courses', H5_COURSE_LIST_FIRST_PAGE),
} as const;

/** Public, member-independent answers (MeEdu envelopes) the server can inline into a page. */
export type BootAnswers = Record<keyof typeof BOOT_ADDRESSES, () => Promise<unknown>>;

interface PageBoot {
  answers: (keyof BootAnswers)[];
  /** The image the page paints largest, fetched at high priority. */
  largestImage: (answers: Answers) => unknown;
  /** The `sizes` the h5 shows that image with, so the preload picks the copy the page will. */
  imageSizes: string;
  /** The answers are for the page without filters in its address. */
  onlyWithoutQuery?: boolean;
}

/**
 * What each page inlines besides config. Only pages whose first screen is the same for every
 * visitor are listed.
 */
const PAGE_BOOTS: Record<string, PageBoot> = {
  '/': {
    // The 公告 bar sits above the blocks: arriving later it would push them down.
    answers: ['homeBlocks', 'latestAnnouncement'],
    largestImage: (answers) => firstBannerImage(answers.homeBlocks),
    imageSizes: HOME_BANNER_SIZES,
  },
  '/vod': {
    answers: ['courseCategories', 'firstCoursePage'],
    onlyWithoutQuery: true,
    largestImage: (answers) => firstCourseCover(answers.firstCoursePage),
    imageSizes: COURSE_COVER_SIZES,
  },
};

type Answers = Partial<Record<keyof BootAnswers, unknown>>;

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

/** Each main route's own chunks (beyond the entry's), so the browser fetches them with the entry. */
function routePreloads(distDir: string): Map<string, string[]> {
  const preloads = new Map<string, string[]>();
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return preloads;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) return preloads;
  const shell = closure(entry);
  for (const [route, pageModule] of Object.entries(H5_ROUTE_MODULES)) {
    if (!manifest[pageModule]) continue;
    const own = [...closure(pageModule)].filter((key) => !shell.has(key));
    preloads.set(route, [
      ...own.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
      ...own
        .flatMap((key) => manifest[key].css ?? [])
        // crossorigin like Vite's own stylesheet links, or the browser fetches the file twice.
        .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ]);
  }
  return preloads;
}

/** The first banner of the home page. */
function firstBannerImage(blocksAnswer: unknown): unknown {
  const blocks = (blocksAnswer as { data?: unknown })?.data;
  if (!Array.isArray(blocks)) return null;
  const slider = blocks.find((block) => block?.sign === 'slider');
  return slider?.config_render?.[0]?.src;
}

/** The first cover of the course list. */
function firstCourseCover(pageAnswer: unknown): unknown {
  const courses = (pageAnswer as { data?: { data?: unknown } })?.data?.data;
  return Array.isArray(courses) ? courses[0]?.thumb : null;
}

/**
 * A page's largest image at high priority. A sized image is preloaded as the WebP copy the h5's
 * <picture> will pick (same srcset and sizes); any other address as it is.
 */
function imagePreload(address: string, sizes: string): string {
  const sized = sizedImage(address);
  if (!sized)
    return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(address)}">`;
  return (
    `<link rel="preload" as="image" type="image/webp" fetchpriority="high" ` +
    `imagesrcset="${escapeAttribute(webpSrcset(sized))}" imagesizes="${escapeAttribute(sizes)}">`
  );
}

/**
 * index.html as each page of the h5 is served: the answers its first screen needs inlined as JSON
 * (config everywhere; the home blocks and the latest announcement on /, categories and the first courses on /vod), the route's
 * chunks and its largest image preloaded. The h5 takes an inlined answer instead of asking for it
 * (shared/http/boot-answers.ts), so the first render does not wait on a chain of requests. The
 * inlined data is not a script the browser runs, so a strict Content-Security-Policy needs no
 * exception for it.
 */
export function createH5PageRenderer(distDir: string, sources: BootAnswers) {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const chunksOf = routePreloads(distDir);

  /** A failing source leaves its answer out: the h5 then asks for it as usual. */
  const settle = (load: () => Promise<unknown>) => load().catch(() => undefined);

  return async function renderPage(pathname: string, search = ''): Promise<string> {
    const page = PAGE_BOOTS[pathname] as PageBoot | undefined;
    const boot = page?.onlyWithoutQuery && search ? undefined : page;
    const wanted: (keyof BootAnswers)[] = ['config', ...(boot?.answers ?? [])];
    const loaded = await Promise.all(wanted.map((name) => settle(sources[name])));
    const answers: Answers = {};
    const inlined: Record<string, unknown> = {};
    wanted.forEach((name, index) => {
      if (loaded[index] === undefined) return;
      answers[name] = loaded[index];
      inlined[bootAnswerKey(BOOT_ADDRESSES[name])] = loaded[index];
    });

    const head: string[] = [];
    const image = boot?.largestImage?.(answers);
    if (boot && typeof image === 'string' && image) head.push(imagePreload(image, boot.imageSizes));
    head.push(...(chunksOf.get(pathname) ?? []));
    head.push(`<script id="kezhan-boot" type="application/json">${jsonForHtml(inlined)}</script>`);
    return template.replace('</head>', `${head.join('\n')}\n</head>`);
  };
}
