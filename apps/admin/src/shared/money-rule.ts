import type { Rule } from 'antd/es/form';
import { yuanFormatMessage, yuanToFen } from '@kezhan/contract/money';

/** Whether a money box holds yuan with at most two decimals (empty counts: `required` says so). */
export const isYuanAmount = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || !Number.isNaN(yuanToFen(value as number | string));

/**
 * A money field of a console form: yuan with at most two decimals (¥19.9, ¥0.01). The server
 * refuses a third decimal too, in the same words; this says so before the form is sent.
 */
export const yuanRule = (label: string): Rule => ({
  validator: (_, value: unknown) =>
    isYuanAmount(value) ? Promise.resolve() : Promise.reject(new Error(yuanFormatMessage(label))),
});
