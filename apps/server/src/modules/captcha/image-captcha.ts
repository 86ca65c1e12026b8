import { randomBytes } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import svgCaptcha from 'svg-captcha';
import type { ImageCaptcha } from '@kezhan/contract/auth';
import type { EphemeralStore } from '../../shared/store/ephemeral-store';

/** MeEdu's captcha alphabet without look-alikes, lower-cased. */
const CHARACTERS = '2346789abcdefghmnpqrtuxyz';
const TTL_SECONDS = 300;
const keyOf = (key: string) => `captcha:${key}`;

function randomText(length: number): string {
  return Array.from(randomBytes(length), (byte) => CHARACTERS[byte % CHARACTERS.length]).join('');
}

// svg-captcha's default export draws a given text; its type declarations only list `create`.
const drawText = svgCaptcha as unknown as (
  text: string,
  options: Parameters<typeof svgCaptcha.create>[0],
) => string;

function renderPng(text: string): string {
  const svg = drawText(text, {
    width: 120,
    height: 48,
    fontSize: 46,
    noise: 3,
    color: true,
    background: '#f4f6fb',
  });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: 120 } }).render().asPng();
  return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
}

/**
 * Image captchas: 4 characters, case-insensitive, valid 300 s, single use — the first check
 * consumes the answer, right or wrong. `testCode` (CAPTCHA_TEST_CODE) fixes every answer.
 */
export class ImageCaptchaService {
  constructor(
    private readonly store: EphemeralStore,
    private readonly testCode?: string,
  ) {}

  async issue(): Promise<ImageCaptcha> {
    const answer = (this.testCode ?? randomText(4)).toLowerCase();
    const key = randomBytes(24).toString('base64url');
    await this.store.set(keyOf(key), answer, TTL_SECONDS);
    return { sensitive: false, key, img: renderPng(answer) };
  }

  async check(key: string, answer: string): Promise<boolean> {
    const expected = await this.store.take(keyOf(key));
    return expected !== null && expected === answer.trim().toLowerCase();
  }
}
