/**
 * 手动打款支付. Opened by the cashier (replacing it) as
 * /order/pay?orderId=<order number>&price=<yuan to pay>&payment=handPay&type=<vod|role>&id=<goods id>
 */
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { useHandPayText } from '../api/queries';
import { sanitizeHtml } from '../utils/sanitize-html';
import './orders.css';
import { ErrorState } from '@/shared/ui/list-states';

export default function PayPage() {
  useDocumentTitle('支付中');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const price = params.get('price') ?? '';
  const payee = useHandPayText(orderId);

  if (!orderId) {
    return (
      <div className="kz-page">
        <NavHeader title="手动打款支付" />
        <ErrorState title="订单不存在" description="请在我的订单中查看" />
      </div>
    );
  }

  return (
    <div className="kz-page">
      <NavHeader title="手动打款支付" />
      <section className="kz-card kz-pay-summary">
        <p>订单号：{orderId}</p>
        <p>
          需支付：
          <span className="kz-pay-price">
            ￥<strong>{price}</strong>
          </span>
        </p>
      </section>
      <section className="kz-card" aria-labelledby="kz-payee-title">
        <h2 id="kz-payee-title" className="kz-card-title">
          收款信息<span className="kz-pay-note">（手动打款需后台验证后交付订单，请耐心等待）</span>
        </h2>
        {payee.error !== undefined ? (
          <ErrorState title="收款信息加载失败">
            <Button size="small" onClick={payee.refetch}>
              重试
            </Button>
          </ErrorState>
        ) : payee.data === undefined ? (
          <Skeleton.Paragraph lineCount={4} animated />
        ) : payee.data ? (
          <div
            className="kz-pay-text"
            data-testid="hand-pay-text"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(payee.data) }}
          />
        ) : (
          <p className="kz-empty-text">暂无收款信息，请联系客服</p>
        )}
      </section>
      <div className="kz-pay-done">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/member/order', { replace: true })}
        >
          我已完成支付
        </Button>
      </div>
    </div>
  );
}
