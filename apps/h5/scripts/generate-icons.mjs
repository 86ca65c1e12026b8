#!/usr/bin/env node
// Renders the app icons of the web app manifest from one drawing: the favicon's square with the
// 课栈 "T", at 192 and 512 px, plus a maskable 512 px icon whose glyph stays inside the safe zone.
// Run after changing the drawing: node apps/h5/scripts/generate-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const BRAND = '#3ca7fa';
const GLYPH = 'M16 20h32v6H35v22h-6V26H16z';
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/><path d="${GLYPH}" fill="#fff"/></svg>`;
// Maskable: full-bleed background; the glyph scaled to 70 % around the centre (safe zone is 80 %).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(0.7) translate(-32 -34)"><path d="${GLYPH}" fill="#fff"/></g></svg>`;

function render(svg, size, name) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  writeFileSync(join(out, name), png);
  console.log(`${name}: ${png.length} bytes`);
}

render(rounded, 192, 'icon-192.png');
render(rounded, 512, 'icon-512.png');
render(maskable, 512, 'icon-maskable-512.png');
render(rounded, 180, 'apple-touch-icon.png');
