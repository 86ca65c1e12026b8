import { DatePicker, Flex, Form, Input, InputNumber, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import type { AdminPromoCodeBody } from '@kezhan/contract/admin/promotions';
import { HintText } from './hint-text';
import { yuanRule } from '@/shared/money-rule';

/** The console form of a code's rules (a single code and a batch share them). */
export interface PromoRulesForm {
  discount_type: 'amount' | 'percent';
  amount?: number;
  percent_off?: number;
  use_times: number;
  per_user_limit: number;
  window?: [Dayjs | null, Dayjs | null] | null;
  remark?: string;
}

export const DEFAULT_RULES: PromoRulesForm = {
  discount_type: 'amount',
  amount: 10,
  percent_off: 10,
  use_times: 0,
  per_user_limit: 1,
  window: null,
  remark: '',
};

export function rulesBody(values: PromoRulesForm): Omit<AdminPromoCodeBody, 'code'> {
  const [start, end] = values.window ?? [null, null];
  return {
    discount_type: values.discount_type,
    ...(values.discount_type === 'amount' ? { amount: values.amount } : { percent_off: values.percent_off }),
    use_times: values.use_times,
    per_user_limit: values.per_user_limit,
    starts_at: start ? start.toISOString() : null,
    expired_at: end ? end.toISOString() : null,
    remark: values.remark ?? '',
  };
}

export function PromoRulesFields() {
  const type = Form.useWatch<PromoRulesForm['discount_type']>('discount_type');
  return (
    <>
      <Form.Item label="优惠方式" name="discount_type">
        <Radio.Group
          options={[
            { value: 'amount', label: '立减金额' },
            { value: 'percent', label: '按比例减' },
          ]}
        />
      </Form.Item>
      {type === 'percent' ? (
        <Form.Item
          label="优惠比例（%）"
          name="percent_off"
          extra={<HintText>按商品价格的百分比减免，优惠金额向下取整到分，应付不低于 0</HintText>}
          rules={[{ required: true, message: '请输入优惠比例' }]}
        >
          <InputNumber min={1} max={100} precision={0} addonAfter="%" />
        </Form.Item>
      ) : (
        <Form.Item
          label="优惠金额（元）"
          name="amount"
          rules={[{ required: true, message: '请输入优惠金额' }, yuanRule('优惠金额')]}
        >
          <InputNumber min={0.01} max={1_000_000} />
        </Form.Item>
      )}
      <Flex gap={16}>
        <Form.Item label="总次数（0 为不限）" name="use_times">
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item label="每人限用（0 为不限）" name="per_user_limit">
          <InputNumber min={0} max={1000} precision={0} />
        </Form.Item>
      </Flex>
      <Form.Item label="有效期（留空为立即生效、永不过期）" name="window">
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} placeholder={['开始时间', '结束时间']} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input maxLength={255} />
      </Form.Item>
    </>
  );
}
