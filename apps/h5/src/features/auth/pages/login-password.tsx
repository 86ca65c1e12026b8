import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { showToast } from '@/shared/ui/toast';
import { isChinaMobilePhone } from '@/shared/utils/mobile';
import { safeRedirect } from '@/shared/utils/url';
import { loginPassword } from '../api/login-password';
import { leaveLogin, useCompleteLogin } from '../hooks/use-complete-login';
import '../components/auth.css';

export default function LoginPasswordPage() {
  useDocumentTitle('密码登录');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const completeLogin = useCompleteLogin();

  const submit = async () => {
    if (!mobile) return;
    if (!isChinaMobilePhone(mobile)) {
      showToast('请输入正确的手机号');
      return;
    }
    if (!password) return;
    setLoading(true);
    try {
      const res = await loginPassword({ mobile, password });
      // Two steps back skips the SMS page this one was opened from.
      await completeLogin(res.data.token, () => leaveLogin(navigate, redirect, 2));
    } catch {
      // The HTTP client has shown the reason (e.g. 手机号或密码错误).
    } finally {
      setLoading(false);
    }
  };

  const ready = Boolean(mobile && password);

  return (
    <div className="kz-page kz-page--white">
      <NavHeader noBorder />
      <div className="kz-auth">
        <section className="kz-auth-step">
          <h2 className="kz-auth-heading">登录</h2>
          <Form
            layout="vertical"
            mode="card"
            className="kz-auth-form"
            onFinish={() => void submit()}
            footer={
              <Button
                block
                type="submit"
                color="primary"
                size="large"
                loading={loading}
                className={ready ? 'kz-auth-submit' : 'kz-auth-submit kz-auth-submit--faded'}
              >
                登录
              </Button>
            }
          >
            <Form.Item label="手机号">
              <Input
                type="tel"
                inputMode="numeric"
                placeholder="请输入手机号码"
                value={mobile}
                onChange={(v) => setMobile(v.trim())}
                clearable
                maxLength={11}
                autoComplete="username"
              />
            </Form.Item>
            <Form.Item label="密码">
              <Input
                type="password"
                placeholder="请输入密码"
                value={password}
                onChange={setPassword}
                clearable
                autoComplete="current-password"
              />
            </Form.Item>
          </Form>
        </section>
      </div>
    </div>
  );
}
