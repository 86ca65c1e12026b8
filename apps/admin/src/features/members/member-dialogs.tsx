import { Form, Input, InputNumber, Select } from 'antd';
import type { AdminMemberGoodsBody, MemberGoodsKind } from '@kezhan/contract/admin/members';
import { useLoad } from '@/shared/use-load';
import { FormModal } from '@/shared/form-modal';
import { CourseSelect } from '@/shared/course-select';
import { grantGoods, listVipPlans, revokeGoods, type MemberDetail } from './api';

/** Grants or revokes a course or VIP days, with the reason for the audit log. */
export function GoodsDialog({
  member,
  dialog,
  onClose,
  onDone,
}: {
  member: MemberDetail;
  dialog: { kind: 'grant' | 'revoke'; goods: MemberGoodsKind };
  onClose: () => void;
  onDone: () => void;
}) {
  const plans = useLoad(listVipPlans, 'vip-plans');
  const granting = dialog.kind === 'grant';
  const title = `${granting ? '赠送' : '撤销'}${dialog.goods === 'course' ? '课程' : '会员天数'}`;
  const ownedCourses = member.courses.map((course) => ({ value: course.course_id, label: course.title }));

  return (
    <FormModal<AdminMemberGoodsBody>
      open
      title={title}
      okText="确定"
      onSubmit={(values) =>
        (granting ? grantGoods : revokeGoods)(member.profile.id, { ...values, kind: dialog.goods })
      }
      done={granting ? '已赠送' : '已撤销'}
      onDone={onDone}
      onClose={onClose}
    >
      {dialog.goods === 'course' && (
        <Form.Item name="course_id" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
          {granting ? (
            <CourseSelect />
          ) : (
            <Select aria-label="课程" options={ownedCourses} placeholder="学员拥有的课程" />
          )}
        </Form.Item>
      )}
      {dialog.goods === 'vip' && granting && (
        <Form.Item name="role_id" label="会员计划" rules={[{ required: true, message: '请选择会员计划' }]}>
          <Select
            aria-label="会员计划"
            loading={plans.loading}
            options={(plans.data ?? []).map((plan) => ({ value: plan.id, label: plan.name }))}
          />
        </Form.Item>
      )}
      {dialog.goods === 'vip' && (
        <Form.Item name="days" label="天数" rules={[{ required: true, message: '请填写天数' }]}>
          <InputNumber min={1} max={36500} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label="原因"
        rules={[{ required: true, whitespace: true, message: '请填写原因（200 字以内）' }]}
      >
        <Input.TextArea maxLength={200} showCount rows={3} placeholder="记录在操作日志中" />
      </Form.Item>
    </FormModal>
  );
}

/** One text to send, e.g. a new mobile number or a message. */
export function TextDialog({
  title,
  label,
  maxLength,
  onSubmit,
  done,
  onDone,
  onClose,
}: {
  title: string;
  label: string;
  maxLength: number;
  onSubmit: (value: string) => Promise<unknown>;
  done: string;
  onDone: () => void;
  onClose: () => void;
}) {
  return (
    <FormModal<{ value: string }>
      open
      title={title}
      okText="确定"
      onSubmit={({ value }) => onSubmit(value.trim())}
      done={done}
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item
        name="value"
        label={label}
        rules={[{ required: true, whitespace: true, message: `请输入${label}` }]}
      >
        {maxLength > 20 ? (
          <Input.TextArea maxLength={maxLength} showCount rows={4} />
        ) : (
          <Input maxLength={maxLength} />
        )}
      </Form.Item>
    </FormModal>
  );
}
