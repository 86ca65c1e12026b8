import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { optionalText } from './validation';

/** PC site chrome the MeEdu PC clients load at start: navigation, friend links, sliders. */

const navFields = {
  id: z.number(),
  sort: z.number(),
  name: z.string(),
  url: z.string(),
  /** Comma-separated route names that mark the item active (PC client). */
  active_routes: z.string(),
  platform: z.string(),
  parent_id: z.number(),
  /** 1 = open in a new window. */
  blank: z.number(),
  /** ISO */
  created_at: z.string(),
  /** ISO */
  updated_at: z.string(),
};
export const navChild = z.strictObject(navFields);
export const nav = z.strictObject({ ...navFields, children: z.array(navChild) });
export type Nav = z.infer<typeof nav>;

export const friendLink = z.strictObject({
  id: z.number(),
  sort: z.number(),
  name: z.string(),
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FriendLink = z.infer<typeof friendLink>;

export const slider = z.strictObject({
  id: z.number(),
  /** Absolute image address. */
  thumb: z.string(),
  sort: z.number(),
  url: z.string(),
  platform: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.null(),
});
export type Slider = z.infer<typeof slider>;

/** `?platform=PC` (default PC; MeEdu stores `PC` / `H5`). */
export const platformQuery = z.object({
  platform: optionalText('参数错误', 16).transform((value) => (value ? value.toUpperCase() : 'PC')),
});

export const navigationApi = {
  navs: defineEndpoint({
    method: 'GET',
    path: '/api/v2/navs',
    tag: 'PC site',
    summary: 'PC navigation, top level with children, by sort',
    query: platformQuery,
    data: z.array(nav),
  }),
  links: defineEndpoint({
    method: 'GET',
    path: '/api/v2/links',
    tag: 'PC site',
    summary: 'Friend links, by sort',
    data: z.array(friendLink),
  }),
  sliders: defineEndpoint({
    method: 'GET',
    path: '/api/v2/sliders',
    tag: 'PC site',
    summary: 'Sliders of a platform (2024 PC clients; later ones read the pc-slider block)',
    query: platformQuery,
    data: z.array(slider),
  }),
};
