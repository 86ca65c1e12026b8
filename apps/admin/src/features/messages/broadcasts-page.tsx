import { useEffect, useRef, useState } from 'react';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Progress,
  Radio,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { AdminBroadcast, AdminBroadcastBody, BroadcastAudience } from '@kezhan/contract/admin/members';
import type { AdminRecipient } from '@kezhan/contract/admin/broadcasts';
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
const findRecipients = (keyword: string) =>
  api<AdminRecipient[]>('GET', '/api/admin/broadcasts/recipients', { query: { keyword } });
const countAudience = (audience: Omit<AdminBroadcastBody, 'message'>) =>
  api<{ total: number }>('GET', '/api/admin/broadcasts/audience', {
    query: audience as Record<string, string | number | undefined>,
  });

/** Wait this long after the last key before searching, so typing a mobile is one request. */
const SEARCH_DELAY_MS = 300;

/** Picks one member by the beginning of a mobile or part of a nickname (a form control). */
function MemberPicker({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const { message } = App.useApp();
  const [options, setOptions] = useState<AdminRecipient[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Only the newest search may fill the list: an older answer arriving late is dropped.
  const latest = useRef('');
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    const keyword = text.trim();
    latest.current = keyword;
    if (!keyword) {
      setOptions([]);
      return;
    }
    timer.current = setTimeout(async () => {
      setSearching(true);
      try {
        const found = await findRecipients(keyword);
        if (latest.current === keyword) setOptions(found);
      } catch (error) {
        if (error instanceof Error) message.error(error.message);
      } finally {
        if (latest.current === keyword) setSearching(false);
      }
    }, SEARCH_DELAY_MS);
  };

  return (
    <Select<number>
      id={id}
      showSearch
      allowClear
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={search}
      placeholder="输入手机号或昵称搜索"
      notFoundContent={searching ? <Spin size="small" /> : '输入手机号或昵称搜索学员'}
      options={options.map((member) => ({
        value: member.id,
        label: `${member.nick_name || `学员 #${member.id}`}（${member.mobile}）`,
      }))}
      style={{ width: 320 }}
    />
  );
}

export default function BroadcastsPage() {
  const { message, modal } = App.useApp();
  const [counting, setCounting] = useState(false);
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

  const send = async (body: AdminBroadcastBody) => {
    const sent = await run(
      () => api<{ id: number }>('POST', '/api/admin/broadcasts', { body }),
      body.audience === 'member' ? '消息已发送' : '已开始发送，可在下方查看进度',
    );
    if (!sent) return;
    form.resetFields(['message']);
    broadcasts.goTo(1);
    reload();
  };

  /** Checks the form (its messages show under the fields), then asks before sending to how many. */
  const confirmAndSend = async () => {
    let values: ComposeForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const target = {
      audience: values.audience,
      member_id: values.audience === 'member' ? values.member_id : undefined,
      course_id: values.audience === 'course' ? values.course_id : undefined,
      registered_from:
        values.audience === 'registered' ? values.registered?.[0].format('YYYY-MM-DD') : undefined,
      registered_to:
        values.audience === 'registered' ? values.registered?.[1].format('YYYY-MM-DD') : undefined,
    };
    // Counted now, for this filter; a refusal (学员不存在…) is the server's message.
    let total: number;
    setCounting(true);
    try {
      total = (await countAudience(target)).total;
    } catch (error) {
      if (error instanceof Error) message.error(error.message);
      return;
    } finally {
      setCounting(false);
    }
    const group = AUDIENCES.find((item) => item.value === values.audience)?.label ?? '';
    modal.confirm({
      title: `确认发送给 ${total} 名学员？`,
      content:
        total === 0
          ? `「${group}」目前没有符合条件的学员，发送后不会有人收到。`
          : `发送对象：${group}。发送后不能撤回。`,
      okText: '确认发送',
      cancelText: '取消',
      onOk: () => send({ ...target, message: values.message }),
    });
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
            <Form.Item name="member_id" label="学员" rules={[{ required: true, message: '请选择学员' }]}>
              <MemberPicker />
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
          <Button type="primary" loading={sending || counting} onClick={() => void confirmAndSend()}>
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
