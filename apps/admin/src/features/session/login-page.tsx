import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@/shared/session';
import { PageLoading } from '@/shared/states';

/** Only a path inside the console is followed after login, never another site. */
const safeRedirect = (value: string | null) => (value && /^\/(?!\/)/.test(value) ? value : '/');

export function LoginPage() {
  const { session, signIn, verifyTotp } = useSession();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  /** Set once the password was right and the account asks for a code. */
  const [ticket, setTicket] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  if (session === undefined) return <PageLoading />;
  if (session) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const submit = async (values: { username: string; password: string }) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const pending = await signIn(values.username, values.password);
      if (pending) setTicket(pending.ticket);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  const submitCode = async (values: { code: string }) => {
    if (!ticket) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await verifyTotp(ticket, values.code);
    } catch (failure) {
      setError((failure as Error).message);
      if ((failure as Error).message === '登录已过期，请重新登录') setTicket(undefined);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f5f7fa',
        padding: 16,
      }}
    >
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 22, textAlign: 'center', marginBottom: 24 }}>
          课栈管理后台
        </Typography.Title>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        {ticket ? (
          <Form layout="vertical" onFinish={submitCode} requiredMark={false} key="code">
            <Typography.Paragraph>
              已开启两步验证，请输入身份验证器应用中的 6 位动态验证码。
            </Typography.Paragraph>
            <Form.Item
              label="动态验证码"
              name="code"
              rules={[
                { required: true, message: '请输入动态验证码' },
                { pattern: /^\d{6}$/, message: '请输入 6 位数字' },
              ]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} size="large" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
              验证
            </Button>
            <Button
              type="link"
              block
              onClick={() => {
                setTicket(undefined);
                setError(undefined);
              }}
              style={{ marginTop: 8 }}
            >
              返回
            </Button>
          </Form>
        ) : (
          <Form layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item label="账号" name="username" rules={[{ required: true, message: '请输入账号' }]}>
              <Input autoComplete="username" size="large" />
            </Form.Item>
            <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password autoComplete="current-password" size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
              登录
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
