import { Alert, Button, Result, Spin } from 'antd';

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }} role="status" aria-live="polite">
      <Spin />
      <div style={{ marginTop: 12 }}>加载中…</div>
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message="加载失败"
      description={error.message}
      action={<Button onClick={onRetry}>重试</Button>}
    />
  );
}

export function Forbidden() {
  return (
    <Result status="403" title="没有权限" subTitle="你的角色不能访问此页面，如需使用请联系超级管理员。" />
  );
}
