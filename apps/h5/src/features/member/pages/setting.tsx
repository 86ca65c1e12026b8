import List from 'antd-mobile/es/components/list';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { getToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { AppearancePicker } from '../components/appearance-picker';
import { useConfirmLogout } from '../hooks/use-confirm-logout';
import './member.css';

export default function SettingPage() {
  useDocumentTitle('关于平台');
  const config = useAppStore((s) => s.config);
  const isLogin = useAppStore((s) => s.isLogin);
  const loggedIn = isLogin || Boolean(getToken());

  const open = (url: string) => {
    if (url) window.open(url, '_blank', 'noopener');
  };

  const logout = useConfirmLogout();

  return (
    <div className="kz-page">
      <NavHeader title="关于平台" />
      <List className="kz-setting-list">
        <List.Item onClick={() => open(config.user_protocol)}>用户协议</List.Item>
        <List.Item onClick={() => open(config.user_private_protocol)}>隐私协议</List.Item>
        {config.vip_protocol ? (
          <List.Item onClick={() => open(config.vip_protocol ?? '')}>会员服务协议</List.Item>
        ) : null}
        {config.paid_content_purchase_protocol ? (
          <List.Item onClick={() => open(config.paid_content_purchase_protocol ?? '')}>
            付费内容购买协议
          </List.Item>
        ) : null}
        <List.Item onClick={() => open(config.aboutus)}>关于我们</List.Item>
      </List>
      <AppearancePicker />
      {loggedIn ? (
        <button type="button" className="kz-logout" onClick={() => void logout()}>
          退出登录
        </button>
      ) : null}
      <footer className="kz-copyright">
        <div>Copyright {new Date().getFullYear()}.</div>
        <div>{config.webname} 版权所有</div>
      </footer>
    </div>
  );
}
