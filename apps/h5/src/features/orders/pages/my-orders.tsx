/** 我的订单: /member/order. */
import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { EmptyAction, EmptyState, ErrorState } from '@/shared/ui/list-states';
import { OrderItem } from '../components/order-item';
import { useMemberOrders } from '../hooks/use-member-orders';
import './orders.css';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';

export default function MyOrdersPage() {
  useDocumentTitle('我的订单');
  const navigate = useNavigate();
  const { orders, status, hasMore, loadMore, retry, refresh } = useMemberOrders();

  let content;
  if (status === 'loading') {
    content = (
      <div className="kz-orders" aria-busy="true" aria-label="加载中">
        {[0, 1, 2].map((i) => (
          <div key={i} className="kz-order">
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        ))}
      </div>
    );
  } else if (status === 'error') {
    content = (
      <ErrorState title="订单加载失败" description="请检查网络后重试">
        <Button color="primary" onClick={() => void retry()}>
          重试
        </Button>
      </ErrorState>
    );
  } else {
    content = (
      <PullToRefresh onRefresh={refresh}>
        {orders.length === 0 ? (
          <EmptyState text="暂无订单">
            <EmptyAction to="/vod">去选课</EmptyAction>
          </EmptyState>
        ) : (
          <div className="kz-orders">
            {orders.map((order) => (
              <OrderItem key={order.id} order={order} />
            ))}
            <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
              {(more, failed, retryMore) =>
                failed ? (
                  <span>
                    加载失败{' '}
                    <button type="button" className="kz-result-link" onClick={retryMore}>
                      重新加载
                    </button>
                  </span>
                ) : more ? (
                  '加载中…'
                ) : (
                  '已经到底了'
                )
              }
            </InfiniteScroll>
          </div>
        )}
      </PullToRefresh>
    );
  }

  return (
    <div className="kz-page">
      <NavHeader title="我的订单" onBack={() => navigate('/member')} />
      {content}
    </div>
  );
}
