import type { BootAnswerName } from './h5-pages';

/**
 * What the server puts into the h5's page so the first screen does not wait on requests: public,
 * member-independent answers keyed by the address the h5 asks for them (which pages inline which
 * answers is in the page table, h5-pages.ts). No zod here: the h5's entry imports it.
 */

/** The module (its key in Vite's manifest) the h5's entry imports to start the app. */
export const H5_START_MODULE = 'src/app/start.tsx';

/** An address with its query parameters in a fixed order, so both sides key answers alike. */
export function bootAnswerKey(address: string): string {
  const [pathname, query = ''] = address.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${pathname}?${sorted}` : pathname;
}

export type NamedBootAnswers = Partial<Record<BootAnswerName, unknown>>;

/**
 * Answers the server draws a first screen from but does not inline: the course detail as a
 * visitor gets it (`GET /api/v2/course/{id}` without a token). A member's answer differs (bought,
 * liked, progress), so the h5 always asks for its own; the drawing leaves those parts blank.
 */
export type DrawingAnswerName = 'visitorCourse';

export type FirstScreenAnswers = NamedBootAnswers & Partial<Record<DrawingAnswerName, unknown>>;

/**
 * The h5's server-side first screen (built by `vite build --ssr` into `apps/h5/dist-ssr`): the
 * markup of a page's first screen drawn from the answers, or null for a page it does not draw.
 * What depends on the member (name, purchases, the lesson itself) is drawn as the page shows it
 * while loading. The server puts the markup into `#root`; the app takes its place once its own
 * first screen is ready.
 */
export type RenderFirstScreen = (pathname: string, answers: FirstScreenAnswers) => string | null;

/** Where the server finds the built first-screen module, relative to the h5's `dist` folder. */
export const H5_FIRST_SCREEN_MODULE = '../dist-ssr/first-screen.js';

/** The attribute of a `#root` that holds the server's drawing of the first screen. */
export const H5_FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/**
 * On a page the server drew, the app's scripts (the start module and the route's page, with what
 * they import) as `<link rel="modulepreload">` inside a `<template>` with this id: the entry adds
 * them to the document a few at a time after the first paint, before it starts the app.
 */
export const H5_APP_SCRIPTS_TEMPLATE_ID = 'kezhan-app-scripts';
