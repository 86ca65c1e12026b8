/**
 * The contract for the browser: every wire type, and the constants, rules and message builders a
 * client checks before it sends a request — without zod. Values come only from zod-free modules
 * (lint keeps zod out of them); types are re-exported type-only, so nothing here loads a schema.
 * The h5 imports wire types and rules from here and re-declares none.
 */
export * from './rules';
export * from './money';
export * from './order-status';
export * from './h5-boot';
export * from './h5-pages';
export * from './login-challenge';
export * from './images';
export type * from './envelope';
export type * from './auth';
export type * from './config';
export type * from './courses';
export type * from './face';
export type * from './media';
export type * from './member';
export type * from './messages';
export type * from './orders';
export type * from './social';
