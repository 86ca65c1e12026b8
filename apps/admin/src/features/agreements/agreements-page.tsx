import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  Radio,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import {
  AGREEMENT_TITLES,
  AGREEMENT_TYPES,
  type AdminAgreement,
  type AdminAgreementVersion,
  type AdminConsent,
  type AdminConsentQuery,
  type AgreementKind,
} from '@kezhan/contract/admin/agreements';
import { FilterBar, SearchFilter } from '@/shared/filter-bar';
import { FormModal } from '@/shared/form-modal';
import { formatTime } from '@/shared/format';
import { api } from '@/shared/http';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { LoadError } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { fetchPage, usePagedList, type Page } from '@/shared/use-paged-list';

const RichTextEditor = lazy(() => import('@/shared/rich-text-editor'));

/** The editor is fetched when the publish dialog first shows it; Form.Item gives it value and onChange. */
function LazyEditor(props: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor placeholder="协议内容" {...props} />
    </Suspense>
  );
}

type PublishForm = { content: string; requires_consent: boolean; note?: string };

const listConsents = (query: AdminConsentQuery) =>
  fetchPage<Page<AdminConsent>>('/api/admin/agreement-consents', query);

function Consents({ type, version }: { type: AgreementKind; version?: AdminAgreementVersion }) {
  const consents = usePagedList(listConsents, 20, { type, version: version?.version });
  return (
    <>
      <FilterBar>
        <SearchFilter
          label="按学员 ID 筛选"
          placeholder="学员 ID"
          onSearch={(id) =>
            consents.filter({ user_id: /^\d+$/.test(id.trim()) ? Number(id.trim()) : undefined })
          }
        />
      </FilterBar>
      <PagedTable<AdminConsent>
        list={consents}
        locale={{ emptyText: '暂无同意记录' }}
        showTotal={(total) => `共 ${total} 条`}
        columns={[
          { title: '学员 ID', dataIndex: 'user_id', width: 90 },
          { title: '昵称', dataIndex: 'nick_name' },
          { title: '手机号', dataIndex: 'mobile', width: 130 },
          {
            title: '版本',
            dataIndex: 'number',
            width: 90,
            render: (n: number | null) => (n ? `第 ${n} 版` : '未发布的文本'),
          },
          { title: '同意时间', dataIndex: 'agreed_at', width: 170, render: formatTime },
          { title: 'IP', dataIndex: 'ip', width: 130 },
          { title: '平台', dataIndex: 'platform', width: 80 },
        ]}
      />
    </>
  );
}

function AgreementTab({ agreement, onPublished }: { agreement: AdminAgreement; onPublished: () => void }) {
  const versions = useLoad(
    () => api<AdminAgreementVersion[]>('GET', `/api/admin/agreements/${agreement.type}/versions`),
    `${agreement.type}-${agreement.versions}`,
  );
  const [publishing, setPublishing] = useState(false);
  const [consentsOf, setConsentsOf] = useState<AdminAgreementVersion | 'all' | null>(null);
  const [reading, setReading] = useState<AdminAgreementVersion | null>(null);

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => setPublishing(true)}>
          发布新版本
        </Button>
        <Button onClick={() => setConsentsOf('all')}>全部同意记录</Button>
        <Typography.Text type="secondary">
          {agreement.current
            ? `当前为第 ${agreement.current.number} 版，${formatTime(agreement.current.published_at)} 发布`
            : '当前文本尚未在此发布为版本'}
        </Typography.Text>
      </Space>
      {versions.error ? (
        <LoadError error={versions.error} onRetry={versions.reload} />
      ) : (
        <Table<AdminAgreementVersion>
          rowKey="id"
          loading={versions.loading}
          dataSource={versions.data}
          pagination={false}
          locale={{ emptyText: '暂无版本：发布第一个版本后，这里会记录每一版及其同意人数' }}
          columns={[
            { title: '版本', dataIndex: 'number', width: 90, render: (n: number) => `第 ${n} 版` },
            { title: '发布时间', dataIndex: 'published_at', width: 170, render: formatTime },
            {
              title: '需重新同意',
              dataIndex: 'requires_consent',
              width: 110,
              render: (needed: boolean) => (needed ? <Tag color="orange">需要</Tag> : <Tag>不需要</Tag>),
            },
            { title: '更新说明', dataIndex: 'note', render: (note: string) => note || '—' },
            {
              title: '发布人',
              dataIndex: 'administrator_name',
              width: 110,
              render: (name: string) => name || '—',
            },
            { title: '同意人数', dataIndex: 'consents', width: 90 },
            {
              title: '操作',
              key: 'actions',
              width: 170,
              render: (_, version) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setReading(version)}>
                    查看
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    aria-label={`第 ${version.number} 版的同意记录`}
                    onClick={() => setConsentsOf(version)}
                  >
                    同意记录
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <FormModal<PublishForm>
        title={`发布新版本：${agreement.title}`}
        open={publishing}
        initialValues={{ content: agreement.content, requires_consent: true, note: '' }}
        onSubmit={(values) =>
          api('POST', `/api/admin/agreements/${agreement.type}/versions`, { body: values })
        }
        okText="发布"
        done="已发布"
        onDone={onPublished}
        onClose={() => setPublishing(false)}
      >
        <Form.Item label="协议内容" name="content" rules={[{ required: true, message: '请输入协议内容' }]}>
          <LazyEditor />
        </Form.Item>
        <Form.Item label="学员是否需要重新同意" name="requires_consent">
          <Radio.Group
            options={[
              { label: '需要：已同意旧版本的学员下次打开时须再次同意', value: true },
              { label: '不需要：仅修正文字，旧版本的同意继续有效', value: false },
            ]}
          />
        </Form.Item>
        <Form.Item label="更新说明（仅管理员可见）" name="note">
          <Input maxLength={255} />
        </Form.Item>
      </FormModal>
      <Drawer
        title={reading ? `${agreement.title} 第 ${reading.number} 版` : ''}
        open={reading !== null}
        onClose={() => setReading(null)}
        width={640}
      >
        {/* Sanitised on the server when it was published. */}
        <div dangerouslySetInnerHTML={{ __html: reading?.content ?? '' }} />
      </Drawer>
      <Drawer
        title={
          consentsOf === 'all'
            ? `${agreement.title}：全部同意记录`
            : consentsOf
              ? `${agreement.title} 第 ${consentsOf.number} 版：同意记录`
              : ''
        }
        open={consentsOf !== null}
        onClose={() => setConsentsOf(null)}
        width={900}
        destroyOnHidden
      >
        {consentsOf ? (
          <Consents type={agreement.type} version={consentsOf === 'all' ? undefined : consentsOf} />
        ) : null}
      </Drawer>
    </>
  );
}

/** 协议管理: the four agreements, their versions, publishing a new one, and who accepted which. */
export default function AgreementsPage() {
  const agreements = useLoad(() => api<AdminAgreement[]>('GET', '/api/admin/agreements'), 'agreements');
  return (
    <>
      <PageHeader title="协议管理" />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="发布新版本后立即生效。标为“需要重新同意”的用户协议、隐私协议，学员下次打开 H5 时会被要求再次同意；会员服务协议、付费内容购买协议在每次下单时同意。"
      />
      {agreements.error ? (
        <LoadError error={agreements.error} onRetry={agreements.reload} />
      ) : agreements.loading && !agreements.data ? (
        <Skeleton active />
      ) : (
        <Tabs
          destroyOnHidden
          items={AGREEMENT_TYPES.map((type) => {
            const agreement = agreements.data?.find((item) => item.type === type);
            return {
              key: type,
              label: AGREEMENT_TITLES[type],
              children: agreement ? (
                <AgreementTab agreement={agreement} onPublished={agreements.reload} />
              ) : null,
            };
          })}
        />
      )}
    </>
  );
}
