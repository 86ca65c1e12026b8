/**
 * 收银台. The address every buy button opens (built by
 * `shared/utils/checkout-url.ts`):
 *
 *   /order?goods_type=vod|role&goods_id=<id>&goods_name=<name>&goods_label=<label>&goods_charge=<yuan>&goods_thumb=<url>
 *
 * `goods_type` is `vod` (a course) or `role` (a VIP plan); `id` is accepted for `goods_id`. Name,
 * label, price and cover only paint the page at once; the goods are reloaded from the server and
 * the server alone prices the order. `&order_id=<order number>&order_amount=<yuan>` continues paying
 * an existing unpaid order (from 我的订单) instead of creating a new one.
 */
import type { CreatedOrder, PaymentScene } from '@kezhan/contract/orders';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ApiError } from '@/shared/http/client';
import { NavHeader } from '@/shared/layout/nav-header';
import { useAppStore } from '@/shared/store/app-store';
import { AgreementCheck } from '@/shared/ui/agreement-check';
import { showToast } from '@/shared/ui/toast';
import { isWechat } from '@/shared/utils/user-agent';
import { useCreateOrder, useCreatePayTicket, useGoods, usePaymentMethods } from '../api/queries';
import { PaymentIcon } from '../components/payment-icon';
import { amountToPay, promoOff, type AppliedPromo } from '../utils/promo';
import { VipThumb } from '../components/vip-thumb';
import {
  arrangePayments,
  lastPayment,
  REDIRECT_SIGNS,
  rememberPayment,
  TEST_SIGNS,
} from '../utils/arrange-payments';
import { parseCheckoutQuery, type CheckoutQuery } from '../utils/checkout-query';
import { leavePage } from '../utils/leave-page';
import { payRedirectUrl, successPath } from '../utils/pay-redirect';
import './orders.css';
import { SizedImage } from '@/shared/ui/sized-image';
import { ErrorState } from '@/shared/ui/list-states';
import { lazyDialog } from '@/shared/ui/lazy-dialog';
import { ChevronIcon } from '@/shared/ui/chevron-icon';

const PromoCodePopup = lazyDialog(() =>
  import('../components/promo-code-popup').then((module) => module.PromoCodePopup),
);

type LoadStatus = 'loading' | 'ready' | 'error';

export default function CheckoutPage() {
  useDocumentTitle('收银台');
  const [params] = useSearchParams();
  const query = useMemo(() => parseCheckoutQuery(params), [params]);
  if (!query) {
    return (
      <div className="kz-page">
        <NavHeader title="收银台" />
        <ErrorState title="订单信息有误" description="请返回课程或会员页面重新购买" />
      </div>
    );
  }
  return <Checkout key={params.toString()} query={query} />;
}

/** The goods as the address paints them at once, then as the server has them. */
function useCheckoutGoods(query: CheckoutQuery) {
  const fresh = useGoods(query.type, query.id);
  const goods = fresh.data ?? { name: query.name, thumb: query.thumb, charge: query.charge };
  const painted = Boolean(query.name) && query.charge !== null;
  let status: LoadStatus = 'loading';
  if (fresh.data || painted) status = 'ready';
  else if (fresh.error !== undefined) status = 'error';
  return { goods, status, retry: fresh.refetch };
}

/** The enabled methods, the last one used (or the first) chosen until the buyer picks another. */
function usePayments(scene: PaymentScene) {
  const methods = usePaymentMethods(scene);
  const [picked, setSelected] = useState('');
  const arranged = useMemo(
    () => (methods.data ? arrangePayments(methods.data, scene, lastPayment()) : null),
    [methods.data, scene],
  );
  let status: LoadStatus = 'loading';
  if (arranged) status = 'ready';
  else if (methods.error !== undefined) status = 'error';
  const list = arranged?.list ?? [];
  const selected = picked && list.some((m) => m.sign === picked) ? picked : (arranged?.preselected ?? '');
  return { methods: list, status, selected, setSelected, retry: methods.refetch };
}

function Checkout({ query }: { query: CheckoutQuery }) {
  const navigate = useNavigate();
  const apiUrl = useAppStore((s) => s.config.url);
  const scene: PaymentScene = useMemo(() => (isWechat() ? 'wechat' : 'h5'), []);
  const { goods, status: goodsStatus, retry: retryGoods } = useCheckoutGoods(query);
  const newOrder = useCreateOrder();
  const payTicket = useCreatePayTicket();
  const continuing = Boolean(query.orderId);
  const payments = usePayments(scene);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [promoOpen, setPromoOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const purchaseProtocol = useAppStore((s) => s.config.paid_content_purchase_protocol ?? '');
  // A course is paid content: its agreement is accepted here (a VIP plan's on /role).
  const needsAgreement = query.type === 'vod' && !continuing;
  const [agreed, setAgreed] = useState(false);
  const busy = useRef(false);
  const created = useRef<{ order: CreatedOrder; promoCode: string } | null>(null);

  const charge = goods.charge ?? 0;
  const off = promoOff(promo, charge);
  const total = continuing ? (query.orderAmount ?? charge) : amountToPay(charge, off);

  const createOrder = async (): Promise<CreatedOrder> => {
    const promoCode = promo?.code ?? '';
    if (created.current && created.current.promoCode === promoCode) return created.current.order;
    const body = promoCode ? { promo_code: promoCode } : {};
    const data = await newOrder.run(
      query.type === 'vod'
        ? { type: 'vod', body: { course_id: query.id, ...body } }
        : { type: 'role', body: { role_id: query.id, ...body } },
    );
    created.current = { order: data, promoCode };
    return data;
  };

  const submit = async () => {
    if (busy.current) return;
    const sign = payments.selected;
    if (!sign) {
      showToast('请选择支付方式');
      return;
    }
    if (needsAgreement && !agreed) {
      showToast('请阅读并同意《付费内容购买协议》');
      return;
    }
    rememberPayment(sign);
    busy.current = true;
    setSubmitting(true);
    try {
      let orderId = query.orderId;
      let amount = total;
      if (!continuing) {
        const order = await createOrder();
        if (order.status === 9 || order.status_text === '已支付') {
          showToast('支付成功', { icon: 'success' });
          navigate(successPath(order.order_id, query.type, query.id), { replace: true });
          return;
        }
        orderId = order.order_id;
        amount = order.amount;
      }
      if (sign === 'handPay') {
        const pay = new URLSearchParams({
          orderId,
          price: String(amount),
          payment: 'handPay',
          type: query.type,
          id: String(query.id),
        });
        navigate(`/order/pay?${pay.toString()}`, { replace: true });
        return;
      }
      if (!REDIRECT_SIGNS.includes(sign)) {
        showToast('无法支付');
        return;
      }
      const ticket = await payTicket.run({ order_id: orderId });
      leavePage(
        payRedirectUrl({
          apiUrl,
          origin: window.location.origin,
          orderId,
          sign,
          scene,
          ticket: ticket.ticket,
          goodsType: query.type,
          goodsId: query.id,
        }),
      );
    } catch (e) {
      // Business messages (请勿重复购买, 订单状态错误…) were shown by the HTTP client.
      if (!(e instanceof ApiError)) throw e;
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return (
    <div className="kz-page kz-checkout">
      <NavHeader title="收银台" />

      <section className="kz-card" aria-labelledby="kz-goods-title">
        <h2 id="kz-goods-title" className="kz-card-title">
          商品信息
        </h2>
        {goodsStatus === 'loading' ? (
          <Skeleton.Paragraph lineCount={3} animated />
        ) : goodsStatus === 'error' ? (
          <ErrorState title="商品信息加载失败">
            <Button size="small" onClick={retryGoods}>
              重试
            </Button>
          </ErrorState>
        ) : (
          <div className="kz-goods">
            <div className="kz-goods-thumb">
              {goods.thumb ? (
                <SizedImage
                  src={goods.thumb}
                  alt={goods.name}
                  width={128}
                  height={72}
                  sizes="128px"
                  loading="eager"
                />
              ) : query.type === 'role' ? (
                <VipThumb />
              ) : null}
            </div>
            <div className="kz-goods-body">
              <p className="kz-goods-name">{goods.name}</p>
              <p className="kz-goods-label">{query.label}</p>
              <p className="kz-goods-price">￥{charge}</p>
            </div>
          </div>
        )}
      </section>

      {continuing ? (
        <section className="kz-card kz-checkout-row kz-checkout-row--static">
          <span>订单号</span>
          <span className="kz-checkout-row-value">{query.orderId}</span>
        </section>
      ) : (
        <button type="button" className="kz-card kz-checkout-row" onClick={() => setPromoOpen(true)}>
          <span>使用优惠码</span>
          <span className="kz-checkout-row-value">
            {promo ? (
              <>
                <span className="kz-promo-code">{promo.code}</span>
                <span className="kz-promo-discount">已抵扣￥{off}</span>
              </>
            ) : null}
            <ChevronIcon />
          </span>
        </button>
      )}

      <section className="kz-card" aria-labelledby="kz-pay-title">
        <h2 id="kz-pay-title" className="kz-card-title">
          支付方式
        </h2>
        {payments.status === 'loading' ? (
          <Skeleton.Paragraph lineCount={2} animated />
        ) : payments.status === 'error' ? (
          <ErrorState title="支付方式加载失败">
            <Button size="small" onClick={payments.retry}>
              重试
            </Button>
          </ErrorState>
        ) : payments.methods.length === 0 ? (
          <p className="kz-empty-text">暂无可用的支付方式，请联系客服</p>
        ) : (
          <div role="radiogroup" aria-label="支付方式" className="kz-pay-methods">
            {payments.methods.map((m) => {
              const test = TEST_SIGNS.includes(m.sign);
              return (
                <button
                  key={m.sign}
                  type="button"
                  role="radio"
                  aria-checked={payments.selected === m.sign}
                  aria-labelledby={`kz-pay-${m.sign}`}
                  aria-describedby={test ? `kz-pay-${m.sign}-note` : undefined}
                  className="kz-pay-method"
                  onClick={() => payments.setSelected(m.sign)}
                >
                  <PaymentIcon sign={m.sign} />
                  <span className="kz-pay-method-name">
                    <span id={`kz-pay-${m.sign}`}>{m.name}</span>
                    {test ? (
                      <span id={`kz-pay-${m.sign}-note`} className="kz-pay-method-test">
                        测试方式，不会真实扣款
                      </span>
                    ) : null}
                  </span>
                  <span className="kz-radio" aria-hidden="true" />
                </button>
              );
            })}
          </div>
        )}
      </section>

      {needsAgreement ? (
        <AgreementCheck
          className="kz-checkout-agree"
          checked={agreed}
          onChange={setAgreed}
          title="付费内容购买协议"
          href={purchaseProtocol}
        />
      ) : null}

      <footer className="kz-checkout-footer">
        <div className="kz-checkout-total" aria-label={`总计￥${total}`}>
          <span>总计￥</span>
          <strong>{total}</strong>
        </div>
        <Button
          className="kz-checkout-submit"
          loading={submitting}
          disabled={goodsStatus !== 'ready' || payments.status !== 'ready' || payments.methods.length === 0}
          onClick={() => void submit()}
        >
          提交订单
        </Button>
      </footer>

      {continuing ? null : (
        <PromoCodePopup
          visible={promoOpen}
          applied={promo}
          onClose={() => setPromoOpen(false)}
          onChange={setPromo}
        />
      )}
    </div>
  );
}
