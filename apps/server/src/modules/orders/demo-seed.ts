import type { AppServices } from '../../services';

/** Demo VIP plans (prices in fen), and the payment methods that work without a merchant account. */
export async function seedDemoCommerce({ db, settings, now }: AppServices) {
  const at = now();
  await db
    .insertInto('roles')
    .values([
      {
        name: '月度会员',
        charge: 3000,
        expire_days: 30,
        weight: 1,
        description: '全站 VIP 课程免费学\n有效期 30 天',
        created_at: at,
        updated_at: at,
      },
      {
        name: '季度会员',
        charge: 8000,
        expire_days: 90,
        weight: 2,
        description: '全站 VIP 课程免费学\n有效期 90 天\n比月度会员省 10 元',
        created_at: at,
        updated_at: at,
      },
      {
        name: '年度会员',
        charge: 29800,
        expire_days: 365,
        weight: 3,
        description: '全站 VIP 课程免费学\n有效期 365 天\n最划算',
        created_at: at,
        updated_at: at,
      },
    ])
    .execute();
  await settings.set('payment.sandbox.enabled', '1');
  await settings.set('payment.handPay.enabled', '1');
  await settings.set(
    'payment.handPay.introduction',
    '<p>户名：课栈演示科技有限公司</p><p>开户行：演示银行</p><p>账号：6222 0000 0000 0000</p><p>转账时请备注订单号，到账后由客服确认开通。</p>',
  );
}
