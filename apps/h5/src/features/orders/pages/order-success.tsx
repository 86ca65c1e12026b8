/**
 * Payment result, the gateways' `s_url`:
 * /order/success?order_id=<order number>[&goods_type=vod|role&goods_id=<id>]
 * Unlike the original it does not take the return for proof: it polls the order's status.
 */
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { useOrderStatus } from '../hooks/use-order-status';
import './orders.css';
import { Spinner } from '@/shared/ui/spinner';

function studyPath(goodsType: string | null, goodsId: string | null): string {
  if (goodsType === 'vod' && goodsId && /^\d+$/.test(goodsId)) return `/vod/detail?id=${goodsId}`;
  if (goodsType === 'role') return '/vod';
  return '/study';
}

export default function OrderSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const { state, refresh } = useOrderStatus(orderId);
  useDocumentTitle(state === 'paid' ? '支付成功' : '支付结果');

  const go = (to: string) => navigate(to, { replace: true });
  const ordersLink = (
    <button type="button" className="kz-result-link" onClick={() => go('/member/order')}>
      查看订单
    </button>
  );

  let body: ReactNode;
  if (state === 'checking') {
    body = (
      <Result icon={<Spinner size={48} />} title="正在确认支付结果…">
        <p>支付完成后可能需要几秒钟到账，请勿关闭页面</p>
      </Result>
    );
  } else if (state === 'paid') {
    body = (
      <Result icon={<ResultIcon kind="success" />} title="支付成功">
        <p>订单号：{orderId}</p>
        <div className="kz-result-actions">
          <Button
            block
            color="primary"
            size="large"
            onClick={() => go(studyPath(params.get('goods_type'), params.get('goods_id')))}
          >
            去学习
          </Button>
          <Button block size="large" onClick={() => go('/')}>
            返回首页
          </Button>
          {ordersLink}
        </div>
      </Result>
    );
  } else if (state === 'timeout') {
    body = (
      <Result icon={<ResultIcon kind="waiting" />} title="暂未查询到支付结果">
        <p>如果您已完成支付，请稍后刷新查看；未支付的订单可在我的订单中继续支付</p>
        <div className="kz-result-actions">
          <Button block color="primary" size="large" onClick={refresh}>
            刷新
          </Button>
          {ordersLink}
        </div>
      </Result>
    );
  } else {
    const title = state === 'cancelled' ? '订单已取消' : state === 'refunded' ? '订单已退款' : '订单不存在';
    body = (
      <Result icon={<ResultIcon kind="fail" />} title={title}>
        <div className="kz-result-actions">
          <Button block size="large" onClick={() => go('/')}>
            返回首页
          </Button>
          {orderId ? ordersLink : null}
        </div>
      </Result>
    );
  }

  return (
    <div className="kz-page kz-page--white">
      <NavHeader title="支付结果" onBack={() => go('/')} />
      <div aria-live="polite">{body}</div>
    </div>
  );
}

function Result({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <section className="kz-result">
      {icon}
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function ResultIcon({ kind }: { kind: 'success' | 'waiting' | 'fail' }) {
  return (
    <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
      <circle className={`kz-result-circle kz-result-circle--${kind}`} cx="32" cy="32" r="30" />
      {kind === 'success' ? (
        <path
          d="m19 33 9 9 18-19"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : kind === 'waiting' ? (
        <path
          d="M32 17v16l10 6"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path d="m23 23 18 18m0-18L23 41" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      )}
    </svg>
  );
}
