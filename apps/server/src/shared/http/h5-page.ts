import fs from 'node:fs';
import path from 'node:path';
import { H5_HOME_BLOCKS } from '@kezhan/contract/h5-boot';
import { HOME_BANNER_SIZES, sizedImage, webpSrcset } from '@kezhan/contract/images';

/** The addresses, exactly as the h5 asks for them, of the answers its first screen needs. */
export const CONFIG_ADDRESS = '/api/v2/other/config';
export const HOME_BLOCKS_ADDRESS = `/api/v2/viewBlock/page/blocks?${new URLSearchParams(H5_HOME_BLOCKS)}`;

/** Public, member-independent answers (MeEdu envelopes) the server can inline into a page. */
export interface BootAnswers {
  config(): Promise<unknown>;
  homeBlocks(): Promise<unknown>;
}

const HOME_PAGE_MODULE = 'src/features/home/pages/home.tsx';

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

/** The home page's own chunks (beyond the entry's), so the browser fetches them with the entry. */
function homePreloads(distDir: string): string[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry || !manifest[HOME_PAGE_MODULE]) return [];
  const shell = closure(entry);
  const own = [...closure(HOME_PAGE_MODULE)].filter((key) => !shell.has(key));
  return [
    ...own.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
    ...own
      .flatMap((key) => manifest[key].css ?? [])
      .map((file) => `<link rel="preload" as="style" href="/${file}">`),
  ];
}

/** The first banner of the home page: the largest paint, so it is fetched at high priority. */
function firstBannerImage(blocksAnswer: unknown): string | null {
  const blocks = (blocksAnswer as { data?: unknown })?.data;
  if (!Array.isArray(blocks)) return null;
  const slider = blocks.find((block) => block?.sign === 'slider');
  const src = slider?.config_render?.[0]?.src;
  return typeof src === 'string' && src ? src : null;
}

/**
 * The first banner at high priority. A sized image is preloaded as the WebP copy the h5's
 * <picture> will pick (same srcset and sizes); any other address as it is.
 */
function bannerPreload(address: string): string {
  const sized = sizedImage(address);
  if (!sized)
    return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(address)}">`;
  return (
    `<link rel="preload" as="image" type="image/webp" fetchpriority="high" ` +
    `imagesrcset="${escapeAttribute(webpSrcset(sized))}" imagesizes="${escapeAttribute(HOME_BANNER_SIZES)}">`
  );
}

/**
 * index.html as each page of the h5 is served: the answers its first screen needs inlined as JSON
 * (config everywhere, the home blocks on /), the home page's chunks and first banner preloaded on
 * /. The h5 takes an inlined answer instead of asking for it (shared/http/boot-answers.ts), so the
 * first render does not wait on a config → blocks request chain. The inlined data is not a script
 * the browser runs, so a strict Content-Security-Policy needs no exception for it.
 */
export function createH5PageRenderer(distDir: string, sources: BootAnswers) {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const homeChunks = homePreloads(distDir);

  /** A failing source leaves its answer out: the h5 then asks for it as usual. */
  const settle = (load: () => Promise<unknown>) => load().catch(() => undefined);

  return async function renderPage(pathname: string): Promise<string> {
    const isHome = pathname === '/';
    const [config, homeBlocks] = await Promise.all([
      settle(sources.config),
      isHome ? settle(sources.homeBlocks) : undefined,
    ]);
    const answers: Record<string, unknown> = {};
    if (config !== undefined) answers[CONFIG_ADDRESS] = config;
    if (homeBlocks !== undefined) answers[HOME_BLOCKS_ADDRESS] = homeBlocks;

    const head: string[] = [];
    if (isHome) {
      const banner = firstBannerImage(homeBlocks);
      if (banner) head.push(bannerPreload(banner));
      head.push(...homeChunks);
    }
    head.push(`<script id="kezhan-boot" type="application/json">${jsonForHtml(answers)}</script>`);
    return template.replace('</head>', `${head.join('\n')}\n</head>`);
  };
}
