import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@/shared/session';
import { PageLoading } from '@/shared/states';

/** Only a path inside the console is followed after login, never another site. */
const safeRedirect = (value: string | null) => (value && /^\/(?!\/)/.test(value) ? value : '/');

export function LoginPage() {
  const { session, signIn } = useSession();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  if (session === undefined) return <PageLoading />;
  if (session) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const submit = async (values: { username: string; password: string }) => {
    setSubmitting(true);
    setError(undefined);
    try {
      await signIn(values.username, values.password);
    } catch (failure) {
      setError((failure as Error).message);
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
      </Card>
    </main>
  );
}
