import { Alert, Form, Input } from 'antd';
import { FormModal } from '@/shared/form-modal';
import { changeMobile, resetPassword } from './api';

export type CredentialsChange = 'mobile' | 'password';

interface CredentialsValues {
  value: string;
  reason: string;
}

const FIELDS = {
  mobile: {
    title: '修改登录手机号',
    label: '新手机号',
    done: '手机号已修改，学员已在所有设备退出登录并收到通知',
  },
  password: {
    title: '重置登录密码',
    label: '新密码',
    done: '密码已重置，学员已在所有设备退出登录并收到通知',
  },
} as const;

/**
 * Changes a member's login mobile or password: with SMS login, whoever holds the mobile holds the
 * account, so the operator states why (kept in the operation log) and the member is signed out
 * everywhere and told.
 */
export function CredentialsDialog({
  memberId,
  change,
  onDone,
  onClose,
}: {
  memberId: number;
  change: CredentialsChange;
  onDone: () => void;
  onClose: () => void;
}) {
  const field = FIELDS[change];
  const submit = ({ value, reason }: CredentialsValues) =>
    change === 'mobile'
      ? changeMobile(memberId, value.trim(), reason.trim())
      : resetPassword(memberId, value, reason.trim());
  return (
    <FormModal<CredentialsValues>
      open
      title={field.title}
      okText="确定修改"
      onSubmit={submit}
      done={field.done}
      onDone={onDone}
      onClose={onClose}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="保存后学员在所有设备上立即退出登录，并收到站内消息（配置了短信通知时，还会短信通知原手机号）。"
      />
      <Form.Item
        name="value"
        label={field.label}
        rules={
          change === 'mobile'
            ? [{ required: true, whitespace: true, message: '请输入新手机号' }]
            : [
                { required: true, message: '请输入密码' },
                { min: 6, message: '密码长度不能少于6个字符' },
                { max: 16, message: '密码长度不能多于16个字符' },
              ]
        }
      >
        {change === 'mobile' ? (
          <Input maxLength={20} inputMode="numeric" />
        ) : (
          <Input.Password autoComplete="new-password" maxLength={16} />
        )}
      </Form.Item>
      <Form.Item
        name="reason"
        label="修改原因"
        rules={[{ required: true, whitespace: true, message: '请填写修改原因（200 字以内）' }]}
      >
        <Input.TextArea
          maxLength={200}
          showCount
          rows={3}
          placeholder="如：学员来电，已核实身份。记录在操作日志中"
        />
      </Form.Item>
    </FormModal>
  );
}
