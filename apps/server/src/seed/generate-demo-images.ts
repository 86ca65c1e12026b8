/**
 * Renders the demo catalogue's images (covers, banners, icons) and the site's own images into
 * apps/server/public once; the files are committed, so nothing runs this at start or in tests.
 * Catalogue images also go through the image pipeline (media/images.ts): a re-encoded fallback
 * `<name>-<hash>.<w>x<h>.<ext>` and its WebP copies, which demo-content/catalogue.json points at.
 * The plain PNGs stay, so addresses stored by earlier versions keep working.
 * Run again after changing a design: `npx tsx apps/server/src/seed/generate-demo-images.ts`. The
 * banners are in Chinese: the machine needs a CJK font (Debian `fonts-wqy-microhei`), installed or
 * in the folder named by `DEMO_FONT_DIR`.
 * (The demo video was made once with ffmpeg; see public/demo/video/README.md.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { DEMO_CONTENT_DIR, PUBLIC_DIR } from '../config/app-folders';
import { encodeImage, type ImageKind } from '../modules/media/images';

const CATALOGUE = path.join(DEMO_CONTENT_DIR, 'catalogue.json');
/** Plain demo address → address of its sized fallback. */
const sizedAddresses = new Map<string, string>();
const pending: Promise<void>[] = [];

function write(relative: string, svg: string, width: number, kind?: ImageKind) {
  const file = path.join(PUBLIC_DIR, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fontDirs = process.env.DEMO_FONT_DIR ? [process.env.DEMO_FONT_DIR] : [];
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, fontDirs },
  })
    .render()
    .asPng();
  fs.writeFileSync(file, png);
  console.log(`${relative} ${png.length} bytes`);
  if (kind) pending.push(writeSized(relative, png, kind));
}

async function writeSized(relative: string, png: Buffer, kind: ImageKind) {
  const dir = path.dirname(path.join(PUBLIC_DIR, relative));
  const plain = path.basename(relative, '.png');
  for (const old of fs.readdirSync(dir)) {
    if (old.startsWith(`${plain}-`) && /\.\d+x\d+\./.test(old)) fs.rmSync(path.join(dir, old));
  }
  const name = `${plain}-${createHash('sha256').update(png).digest('hex').slice(0, 8)}`;
  const image = await encodeImage(png, kind, name);
  for (const item of image.files) fs.writeFileSync(path.join(dir, item.name), item.body);
  const sized = `/demo/${path.dirname(relative).slice('demo/'.length)}/${image.files[0].name}`;
  sizedAddresses.set(`/${relative}`, sized);
  console.log(
    `  ${sized} + ${image.files.length - 1} WebP (${image.files.map((f) => f.body.length).join(', ')} bytes)`,
  );
}

/** Points the demo catalogue at the sized addresses (from the plain or a previous sized one). */
function updateCatalogue() {
  let text = fs.readFileSync(CATALOGUE, 'utf8');
  for (const [plain, sized] of sizedAddresses) {
    const stem = plain.slice(0, -'.png'.length).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(
      new RegExp(`"${stem}(?:\\.png|-[0-9a-f]{8}\\.\\d+x\\d+\\.(?:jpg|png))"`, 'g'),
      `"${sized}"`,
    );
  }
  fs.writeFileSync(CATALOGUE, text);
}

const gradient = (id: string, from: string, to: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

/** A course cover: gradient, a few shapes and a Latin label (the title is printed by the page). */
function cover(label: string, from: string, to: string, motif: number) {
  const shapes = [
    `<circle cx="400" cy="60" r="110" fill="#fff" opacity=".12"/><circle cx="60" cy="250" r="80" fill="#fff" opacity=".1"/>`,
    `<rect x="300" y="-40" width="220" height="220" rx="40" transform="rotate(20 410 70)" fill="#fff" opacity=".12"/>`,
    `<path d="M0 230 Q120 170 240 220 T480 200 V270 H0Z" fill="#fff" opacity=".14"/>`,
    `<polygon points="360,20 460,200 260,200" fill="#fff" opacity=".12"/><circle cx="70" cy="60" r="36" fill="#fff" opacity=".1"/>`,
  ][motif % 4];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
  <defs>${gradient('g', from, to)}</defs>
  <rect width="480" height="270" fill="url(#g)"/>${shapes}
  <text x="36" y="168" font-family="DejaVu Sans" font-weight="bold" font-size="52" fill="#fff">${label}</text>
  <rect x="38" y="188" width="64" height="6" rx="3" fill="#fff" opacity=".8"/>
</svg>`;
}

const COVERS: [string, string, string, string][] = [
  ['python-basics', 'Python', '#3776ab', '#5fb3f9'],
  ['data-analysis-pandas', 'pandas', '#130754', '#6a5acd'],
  ['sql-in-practice', 'SQL', '#0f766e', '#34d399'],
  ['go-web-services', 'Go', '#0284c7', '#67e8f9'],
  ['node-fastify', 'Node.js', '#166534', '#84cc16'],
  ['react-mobile', 'React', '#1e293b', '#38bdf8'],
  ['css-layout', 'CSS', '#7c3aed', '#f472b6'],
  ['ui-design-basics', 'UI', '#db2777', '#fb923c'],
  ['figma-prototype', 'Figma', '#9333ea', '#f43f5e'],
  ['excel-efficiency', 'Excel', '#15803d', '#a3e635'],
  ['public-speaking', 'Speak', '#b45309', '#fbbf24'],
  ['machine-learning-intro', 'ML', '#312e81', '#ec4899'],
];

/** Latin letters and digits in DejaVu Sans, Chinese in the CJK font. */
const BANNER_FONT = 'DejaVu Sans, WenQuanYi Micro Hei, Noto Sans CJK SC';

const banner = (
  label: string,
  sub: string,
  from: string,
  to: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
  <defs>${gradient('g', from, to)}</defs>
  <rect width="750" height="300" fill="url(#g)"/>
  <circle cx="640" cy="70" r="150" fill="#fff" opacity=".12"/><circle cx="560" cy="260" r="90" fill="#fff" opacity=".1"/>
  <text x="48" y="150" font-family="${BANNER_FONT}" font-weight="bold" font-size="64" fill="#fff">${label}</text>
  <text x="52" y="205" font-family="${BANNER_FONT}" font-size="28" fill="#fff" opacity=".85">${sub}</text>
</svg>`;

const icon = (
  from: string,
  to: string,
  glyph: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88" viewBox="0 0 88 88">
  <defs>${gradient('g', from, to)}</defs>
  <rect width="88" height="88" rx="24" fill="url(#g)"/>
  <g fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>
</svg>`;

const GLYPHS = {
  play: '<path d="M34 26 L62 44 L34 62 Z" fill="#fff"/>',
  gift: '<rect x="22" y="38" width="44" height="28" rx="4"/><path d="M18 30 H70 V38 H18 Z M44 30 V66"/>',
  crown: '<path d="M20 60 L24 30 L36 44 L44 26 L52 44 L64 30 L68 60 Z"/>',
  book: '<path d="M22 26 H40 Q44 26 44 30 V64 Q44 60 40 60 H22 Z M66 26 H48 Q44 26 44 30 V64 Q44 60 48 60 H66 Z"/>',
  search: '<circle cx="40" cy="40" r="14"/><path d="M51 51 L64 64"/>',
};

const qrcode = () => {
  // A decorative QR-like pattern (not a real code): the demo official account does not exist.
  let cells = '';
  let seed = 7;
  for (let y = 0; y < 25; y += 1)
    for (let x = 0; x < 25; x += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const finder = (x < 7 && y < 7) || (x > 17 && y < 7) || (x < 7 && y > 17);
      if (!finder && seed % 3 === 0)
        cells += `<rect x="${20 + x * 8}" y="${20 + y * 8}" width="8" height="8"/>`;
    }
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="56" height="56" fill="#000"/><rect x="${x + 8}" y="${y + 8}" width="40" height="40" fill="#fff"/><rect x="${x + 16}" y="${y + 16}" width="24" height="24" fill="#000"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><rect width="240" height="240" fill="#fff"/><g fill="#000">${cells}</g>${finder(20, 20)}${finder(164, 20)}${finder(20, 164)}</svg>`;
};

for (const [index, [slug, label, from, to]] of COVERS.entries()) {
  write(`demo/covers/${slug}.png`, cover(label, from, to, index), 480, 'cover');
}
write('demo/banners/banner-1.png', banner('随时随地学', '课栈示例课程', '#3ca7fa', '#6366f1'), 750, 'banner');
write('demo/banners/banner-2.png', banner('VIP会员', '会员课程随心学', '#b45309', '#f59e0b'), 750, 'banner');
write(
  'demo/banners/banner-3.png',
  banner('数据技能', 'Python · SQL · pandas', '#0f766e', '#22d3ee'),
  750,
  'banner',
);
write('demo/icons/all.png', icon('#3ca7fa', '#2563eb', GLYPHS.play), 88, 'picture');
write('demo/icons/free.png', icon('#22c55e', '#15803d', GLYPHS.gift), 88, 'picture');
write('demo/icons/vip.png', icon('#f59e0b', '#b45309', GLYPHS.crown), 88, 'picture');
write('demo/icons/study.png', icon('#a855f7', '#6d28d9', GLYPHS.book), 88, 'picture');
write('demo/icons/search.png', icon('#f43f5e', '#be123c', GLYPHS.search), 88, 'picture');
write('demo/images/group-1.png', banner('后端开发', 'Go · Node.js', '#1e293b', '#475569'), 375, 'picture');
write('demo/images/group-2.png', banner('设计创意', 'UI · Figma', '#db2777', '#a855f7'), 375, 'picture');
write('demo/gzh/logo.png', icon('#3ca7fa', '#0ea5e9', GLYPHS.book), 100, 'picture');
write('demo/gzh/qrcode.png', qrcode(), 240);

write(
  'images/default_avatar.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="#e6f2fe"/><circle cx="64" cy="50" r="24" fill="#9ccdf7"/><path d="M22 112 Q64 60 106 112 Z" fill="#9ccdf7"/></svg>`,
  128,
);
write(
  'images/logo.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80"><rect x="4" y="8" width="64" height="64" rx="16" fill="#3ca7fa"/><path d="M24 26 H40 Q44 26 44 30 V56 M48 26 L36 42 L50 56" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><text x="82" y="54" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#1f2937">Kezhan</text></svg>`,
  240,
);
// No play symbol on the poster: the player draws its own 播放 button over it.
write(
  'images/player-thumb.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><defs>${gradient('g', '#0f172a', '#1e3a8a')}</defs><rect width="640" height="360" fill="url(#g)"/><circle cx="560" cy="40" r="160" fill="#fff" opacity=".05"/><circle cx="80" cy="340" r="120" fill="#fff" opacity=".04"/></svg>`,
  640,
);

await Promise.all(pending);
updateCatalogue();
