import type { Rule } from 'antd/es/form';
import { yuanToFen } from '@kezhan/contract/money';

/**
 * A money field of a console form: yuan with at most two decimals (¥19.9, ¥0.01). The server
 * refuses a third decimal too; this says so before the form is sent.
 */
export const yuanRule = (label: string): Rule => ({
  validator: (_, value: unknown) =>
    value === null || value === undefined || value === '' || !Number.isNaN(yuanToFen(value as number))
      ? Promise.resolve()
      : Promise.reject(new Error(`${label}最多两位小数`)),
});
