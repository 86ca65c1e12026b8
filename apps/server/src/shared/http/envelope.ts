import type { Envelope } from '@kezhan/contract/envelope';

/** PHP serialises an empty array as `[]`, so "no data" is `[]` on the wire. */
export const NO_DATA: [] = [];

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, message: '', data };
}

export function failure(message: string, code = 1): Envelope<[]> {
  return { code, message, data: [] };
}
