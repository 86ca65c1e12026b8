import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import type { InputProps } from 'antd';
import type { AdminSecurityStatus, TotpEnrolment } from '@kezhan/contract/admin/security';
import { api } from '@/shared/http';
import { LoadError, PageLoading } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';
import { SessionsTable } from '@/shared/sessions-table';

const codeRules = [
  { required: true, message: '请输入动态验证码' },
  { pattern: /^\d{6}$/, message: '请输入 6 位数字' },
];

/** Form.Item hands its child the id, value and onChange: pass them on. */
function CodeInput(props: InputProps) {
  return (
    <Input {...props} autoComplete="one-time-code" inputMode="numeric" maxLength={6} style={{ width: 160 }} />
  );
}

/** 账号安全: two-step verification (TOTP) of the signed-in administrator, and their sessions. */
export default function SecurityPage() {
  const status = useLoad(() => api<AdminSecurityStatus>('GET', '/api/admin/security'), 'security');
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const { run, busy } = useAction();
  const [enableForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ code: string }>();

  const startEnrolment = () =>
    run(async () => {
      setEnrolment(await api<TotpEnrolment>('POST', '/api/admin/security/totp/setup'));
      enableForm.resetFields();
    });

  /** Turns two-step verification on or off with a code from the app. */
  const submitCode =
    (turn: 'enable' | 'disable', done: string, after: () => void) =>
    async ({ code }: { code: string }) => {
      const path = `/api/admin/security/totp/${turn}`;
      if (await run(() => api('POST', path, { body: { code } }), done)) {
        after();
        status.reload();
      }
    };
  const enable = submitCode('enable', '两步验证已开启', () => setEnrolment(undefined));
  const disable = submitCode('disable', '两步验证已关闭', () => disableForm.resetFields());

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        账号安全
      </Typography.Title>
      <Card title="两步验证">
        {status.error ? (
          <LoadError error={status.error} onRetry={status.reload} />
        ) : !status.data ? (
          <PageLoading />
        ) : status.data.totp_enabled ? (
          <>
            <Typography.Paragraph>
              <Tag color="#1f6f1a">已开启</Tag>登录时除密码外还需输入身份验证器应用中的动态验证码。
            </Typography.Paragraph>
            <Form form={disableForm} layout="inline" onFinish={disable} requiredMark={false}>
              <Form.Item label="动态验证码" name="code" rules={codeRules}>
                <CodeInput />
              </Form.Item>
              <Button danger htmlType="submit" loading={busy}>
                关闭两步验证
              </Button>
            </Form>
          </>
        ) : enrolment ? (
          <>
            <Typography.Paragraph>
              1. 使用身份验证器应用（如 Google Authenticator、Microsoft
              Authenticator）扫描二维码，或手动输入密钥。
            </Typography.Paragraph>
            <div
              role="img"
              aria-label="两步验证二维码"
              style={{ width: 200, height: 200 }}
              // The SVG is drawn by our server from the otpauth URI (no user-supplied markup).
              dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }}
            />
            <Typography.Paragraph>
              密钥：
              <Typography.Text code copyable={{ text: enrolment.secret }}>
                <span data-testid="totp-secret">{enrolment.secret}</span>
              </Typography.Text>
            </Typography.Paragraph>
            <Alert
              type="info"
              showIcon
              message="密钥只显示这一次，确认后无法再次查看。"
              style={{ marginBottom: 16 }}
            />
            <Typography.Paragraph>2. 输入应用中显示的 6 位动态验证码完成开启。</Typography.Paragraph>
            <Form form={enableForm} layout="inline" onFinish={enable} requiredMark={false}>
              <Form.Item label="动态验证码" name="code" rules={codeRules}>
                <CodeInput />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={busy}>
                  确认开启
                </Button>
                <Button onClick={() => setEnrolment(undefined)}>取消</Button>
              </Space>
            </Form>
          </>
        ) : (
          <>
            <Typography.Paragraph>
              <Tag>未开启</Tag>开启后，登录时除密码外还需输入身份验证器应用中的动态验证码。
            </Typography.Paragraph>
            <Button type="primary" onClick={() => void startEnrolment()} loading={busy}>
              开启两步验证
            </Button>
          </>
        )}
      </Card>
      <Card title="登录会话">
        <SessionsTable
          path="/api/admin/security/sessions"
          revokeAll={{
            method: 'POST',
            path: '/api/admin/security/sessions/revoke-others',
            label: '下线其他会话',
          }}
        />
      </Card>
    </Space>
  );
}
