import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table } from 'antd';
import type { AdminMemberCreateBody, AdminMemberCreditBody } from '@kezhan/contract/admin/members';
import { FormModal } from '@/shared/form-modal';
import { CourseSelect } from '@/shared/course-select';
import { LoadError } from '@/shared/states';
import { useAction } from '@/shared/use-action';
import { useLoad } from '@/shared/use-load';
import {
  adjustCredits,
  createMember,
  createTag,
  deleteMember,
  deleteTag,
  listTags,
  listVipPlans,
  setMemberTags,
  type MemberTag,
} from './api';

interface DialogProps {
  onClose: () => void;
  onDone: () => void;
}

/** 新建学员: mobile, optional nickname and password, courses and VIP days given at once. */
export function CreateMemberDialog({ onClose, onDone }: DialogProps) {
  const plans = useLoad(listVipPlans, 'vip-plans');
  return (
    <FormModal<AdminMemberCreateBody>
      open
      title="新建学员"
      okText="创建"
      name="create-member"
      onSubmit={createMember}
      done="学员已创建"
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item
        name="mobile"
        label="手机号"
        rules={[{ required: true, whitespace: true, message: '请输入手机号' }]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="nick_name" label="昵称" extra="不填则为“学员 + 手机号后四位”">
        <Input maxLength={24} />
      </Form.Item>
      <Form.Item name="password" label="登录密码" extra="6–16 位；不填则学员用短信验证码登录">
        <Input.Password maxLength={16} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="course_ids" label="赠送课程">
        <CourseSelect mode="multiple" />
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="role_id" label="赠送会员计划" style={{ flex: 1 }}>
          <Select
            aria-label="赠送会员计划"
            allowClear
            loading={plans.loading}
            options={(plans.data ?? []).map((plan) => ({ value: plan.id, label: plan.name }))}
          />
        </Form.Item>
        <Form.Item name="vip_days" label="会员天数" style={{ width: 140 }}>
          <InputNumber min={1} max={36500} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Space.Compact>
    </FormModal>
  );
}

/** 删除学员: the reason is kept in the audit log; the account goes at once, as a 注销 does. */
export function DeleteMemberDialog({
  member,
  onClose,
  onDone,
}: DialogProps & { member: { id: number; nick_name: string } }) {
  return (
    <FormModal<{ reason: string }>
      open
      title={`删除学员 ${member.nick_name}`}
      okText="永久删除"
      onSubmit={({ reason }) => deleteMember(member.id, reason.trim())}
      done="学员已删除"
      onDone={onDone}
      onClose={onClose}
    >
      <p>删除后学员的课程、订单、学习记录和积分一并删除，无法恢复；手机号可重新注册。</p>
      <Form.Item
        name="reason"
        label="删除原因"
        rules={[{ required: true, whitespace: true, message: '请填写删除原因（200 字以内）' }]}
      >
        <Input.TextArea maxLength={200} showCount rows={3} placeholder="记录在操作日志中" />
      </Form.Item>
    </FormModal>
  );
}

/** 调整积分: a positive number adds, a negative one takes off; the balance never goes below 0. */
export function CreditDialog({
  memberId,
  balance,
  onClose,
  onDone,
}: DialogProps & { memberId: number; balance: number }) {
  return (
    <FormModal<AdminMemberCreditBody>
      open
      title="调整积分"
      okText="确定"
      onSubmit={(values) => adjustCredits(memberId, values)}
      done="积分已调整"
      onDone={onDone}
      onClose={onClose}
    >
      <p>当前积分：{balance}</p>
      <Form.Item
        name="change"
        label="积分变动"
        extra="正数为增加，负数为扣减"
        rules={[{ required: true, message: '请填写积分变动' }]}
      >
        <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="reason"
        label="原因"
        rules={[{ required: true, whitespace: true, message: '请填写原因（100 字以内）' }]}
      >
        <Input maxLength={100} showCount placeholder="学员在积分明细中可见" />
      </Form.Item>
    </FormModal>
  );
}

/** 设置标签: the member's tags, chosen from the tags that exist. */
export function MemberTagsDialog({
  memberId,
  current,
  onClose,
  onDone,
}: DialogProps & { memberId: number; current: { id: number }[] }) {
  const tags = useLoad(listTags, 'member-tags');
  return (
    <FormModal<{ tag_ids: number[] }>
      open
      title="设置标签"
      initialValues={{ tag_ids: current.map((tag) => tag.id) }}
      onSubmit={({ tag_ids }) => setMemberTags(memberId, tag_ids ?? [])}
      done="标签已保存"
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item name="tag_ids" label="标签" extra="新标签在学员列表的“管理标签”中创建">
        <Select
          aria-label="标签"
          mode="multiple"
          loading={tags.loading}
          notFoundContent={tags.error ? '标签加载失败' : '暂无标签'}
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/** 管理标签: every tag with its member count; create and delete. */
export function TagManagerDialog({ onClose, onDone }: DialogProps) {
  const tags = useLoad(listTags, 'member-tags');
  const { run, busy } = useAction(() => {
    tags.reload();
    onDone();
  });
  const [name, setName] = useState('');

  const add = async () => {
    if (await run(() => createTag(name.trim()), '标签已创建')) setName('');
  };

  return (
    <Modal title="管理标签" open onCancel={onClose} footer={null} destroyOnHidden>
      <Space.Compact block style={{ marginBottom: 16 }}>
        <Input
          aria-label="新标签名"
          placeholder="新标签名（20 字以内）"
          maxLength={20}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => void add()}
        />
        <Button type="primary" loading={busy} disabled={!name.trim()} onClick={() => void add()}>
          创建
        </Button>
      </Space.Compact>
      {tags.error ? (
        <LoadError error={tags.error} onRetry={tags.reload} />
      ) : (
        <Table<MemberTag & { members: number }>
          rowKey="id"
          size="small"
          loading={tags.loading}
          dataSource={tags.data ?? []}
          pagination={false}
          locale={{ emptyText: '暂无标签' }}
          columns={[
            { title: '标签', dataIndex: 'name' },
            { title: '学员数', dataIndex: 'members', width: 90 },
            {
              title: '操作',
              key: 'actions',
              width: 80,
              render: (_, tag) => (
                <Popconfirm
                  title={`删除标签「${tag.name}」？`}
                  description={tag.members ? `${tag.members} 名学员将不再带有该标签。` : undefined}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => run(() => deleteTag(tag.id), '标签已删除')}
                >
                  <Button type="link" danger size="small">
                    删除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
