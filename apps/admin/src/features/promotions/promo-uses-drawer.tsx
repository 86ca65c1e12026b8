import { Drawer, Tag } from 'antd';
import type { AdminPromoCode, AdminPromoUse } from '@kezhan/contract/admin/promotions';
import { api } from '@/shared/http';
import { usePagedList, type Page } from '@/shared/use-paged-list';
import { formatTime } from '@/shared/format';
import { PagedTable } from '@/shared/loaded-table';
import { HintText } from './hint-text';

/** Who used a code, on which order, when. */
export function PromoUsesDrawer({ promo, onClose }: { promo: AdminPromoCode; onClose: () => void }) {
  const uses = usePagedList((query: { page: number; page_size: number }) =>
    api<Page<AdminPromoUse>>('GET', `/api/admin/promo-codes/${promo.id}/uses`, { query }),
  );
  return (
    <Drawer open title={`使用记录：${promo.code}`} size="large" onClose={onClose}>
      <PagedTable<AdminPromoUse>
        list={uses}
        size="small"
        locale={{ emptyText: <HintText>暂无使用记录</HintText> }}
        columns={[
          { title: '时间', dataIndex: 'created_at', render: formatTime },
          {
            title: '学员',
            key: 'member',
            render: (_, use) => `${use.nick_name || '—'}（#${use.user_id} ${use.mobile}）`,
          },
          { title: '订单号', dataIndex: 'order_no' },
          {
            title: '金额',
            key: 'money',
            render: (_, use) => `¥${use.charge} − ¥${use.discount} = ¥${use.amount}`,
          },
          {
            title: '状态',
            key: 'status',
            render: (_, use) =>
              use.released_at ? (
                <Tag>已退回（订单取消）</Tag>
              ) : (
                <Tag color="blue">{use.order_status_text}</Tag>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
