import { useEffect } from 'react';
import { Button, Card, DatePicker, Form, Input, InputNumber, Progress, Radio, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { AdminBroadcast, AdminBroadcastBody, BroadcastAudience } from '@kezhan/contract/admin/members';
import { api } from '@/shared/http';
import { useAction } from '@/shared/use-action';
import { usePagedList, type Page } from '@/shared/use-paged-list';
import { formatTime } from '@/shared/format';
import { CourseSelect } from '@/shared/course-select';
import { PagedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';

interface ComposeForm {
  message: string;
  audience: BroadcastAudience;
  member_id?: number;
  course_id?: number;
  registered?: [Dayjs, Dayjs];
}

const AUDIENCES: { value: BroadcastAudience; label: string }[] = [
  { value: 'member', label: '单个学员' },
  { value: 'vip', label: 'VIP 会员' },
  { value: 'course', label: '购买某课程的学员' },
  { value: 'registered', label: '按注册日期' },
  { value: 'all', label: '全部学员' },
];

const STATE_TAGS: Record<AdminBroadcast['state'], { text: string; color?: string }> = {
  queued: { text: '排队中' },
  sending: { text: '发送中', color: '#0958d9' },
  done: { text: '已完成', color: '#1f6f1a' },
};

const listBroadcasts = (query: { page: number; page_size: number }) =>
  api<Page<AdminBroadcast>>('GET', '/api/admin/broadcasts', { query });

export default function BroadcastsPage() {
  const [form] = Form.useForm<ComposeForm>();
  const audience = Form.useWatch('audience', form);
  const broadcasts = usePagedList(listBroadcasts, 10);
  const { reload } = broadcasts;
  const { run, busy: sending } = useAction();
  const unfinished = broadcasts.data?.data.some((item) => item.state !== 'done') ?? false;

  // Progress of group messages comes from the background job: look again while one is under way.
  useEffect(() => {
    if (!unfinished) return;
    const timer = setInterval(reload, 3000);
    return () => clearInterval(timer);
  }, [unfinished, reload]);

  const send = async () => {
    const values = await form.validateFields();
    const body: AdminBroadcastBody = {
      message: values.message,
      audience: values.audience,
      member_id: values.audience === 'member' ? values.member_id : undefined,
      course_id: values.audience === 'course' ? values.course_id : undefined,
      registered_from:
        values.audience === 'registered' ? values.registered?.[0].format('YYYY-MM-DD') : undefined,
      registered_to:
        values.audience === 'registered' ? values.registered?.[1].format('YYYY-MM-DD') : undefined,
    };
    const sent = await run(
      () => api<{ id: number }>('POST', '/api/admin/broadcasts', { body }),
      values.audience === 'member' ? '消息已发送' : '已开始发送，可在下方查看进度',
    );
    if (!sent) return;
    form.resetFields(['message']);
    broadcasts.goTo(1);
    reload();
  };

  return (
    <>
      <PageHeader title="站内消息" />
      <Card title="发送消息" style={{ marginBottom: 24, maxWidth: 720 }}>
        <Form form={form} layout="vertical" initialValues={{ audience: 'member' }}>
          <Form.Item name="audience" label="发送对象">
            <Radio.Group options={AUDIENCES} optionType="button" />
          </Form.Item>
          {audience === 'member' && (
            <Form.Item
              name="member_id"
              label="学员 ID"
              rules={[{ required: true, message: '请输入学员 ID' }]}
            >
              <InputNumber min={1} precision={0} style={{ width: 200 }} />
            </Form.Item>
          )}
          {audience === 'course' && (
            <Form.Item name="course_id" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
              <CourseSelect />
            </Form.Item>
          )}
          {audience === 'registered' && (
            <Form.Item
              name="registered"
              label="注册日期"
              rules={[{ required: true, message: '请选择注册日期范围' }]}
            >
              <DatePicker.RangePicker />
            </Form.Item>
          )}
          <Form.Item
            name="message"
            label="消息内容"
            rules={[{ required: true, whitespace: true, message: '请输入消息内容（500 字以内）' }]}
          >
            <Input.TextArea maxLength={500} showCount rows={4} />
          </Form.Item>
          <Button type="primary" loading={sending} onClick={send}>
            发送
          </Button>
        </Form>
      </Card>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        发送记录
      </Typography.Title>
      <PagedTable<AdminBroadcast>
        list={broadcasts}
        // Polled while a message is under way: only the first load shows the spinner.
        loading={broadcasts.loading && !broadcasts.data}
        locale={{ emptyText: '还没有发送过消息' }}
        columns={[
          { title: '内容', dataIndex: 'message', ellipsis: true },
          { title: '发送对象', dataIndex: 'audience_text', width: 220 },
          {
            title: '进度',
            key: 'progress',
            width: 220,
            render: (_, item) => (
              <>
                <Progress
                  percent={item.total ? Math.floor((item.sent / item.total) * 100) : 100}
                  size="small"
                  aria-label={`已发送 ${item.sent} / ${item.total}`}
                />
                <Typography.Text type="secondary">
                  {item.sent} / {item.total}
                </Typography.Text>
              </>
            ),
          },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (state: AdminBroadcast['state']) => (
              <Tag color={STATE_TAGS[state].color}>{STATE_TAGS[state].text}</Tag>
            ),
          },
          { title: '发送人', dataIndex: 'administrator_name', width: 110 },
          { title: '创建时间', dataIndex: 'created_at', width: 170, render: formatTime },
        ]}
      />
    </>
  );
}
