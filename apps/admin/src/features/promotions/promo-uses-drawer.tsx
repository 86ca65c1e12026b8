import { useState } from 'react';
import { Drawer, Table, Tag } from 'antd';
import type { AdminPromoCode, AdminPromoUse } from '@kezhan/contract/admin/promotions';
import { api } from '@/shared/http';
import { LoadError } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { HintText } from './hint-text';

const formatTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** Who used a code, on which order, when. */
export function PromoUsesDrawer({ promo, onClose }: { promo: AdminPromoCode; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const uses = useLoad(
    () =>
      api<{ data: AdminPromoUse[]; total: number }>('GET', `/api/admin/promo-codes/${promo.id}/uses`, {
        query: { page, page_size: 20 },
      }),
    `${promo.id}:${page}`,
  );
  return (
    <Drawer open title={`使用记录：${promo.code}`} size="large" onClose={onClose}>
      {uses.error ? (
        <LoadError error={uses.error} onRetry={uses.reload} />
      ) : (
        <Table<AdminPromoUse>
          rowKey="id"
          size="small"
          loading={uses.loading}
          dataSource={uses.data?.data}
          locale={{ emptyText: <HintText>暂无使用记录</HintText> }}
          pagination={{ current: page, pageSize: 20, total: uses.data?.total ?? 0, onChange: setPage }}
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
      )}
    </Drawer>
  );
}
