import { Link } from 'react-router-dom';
import { loginUrl } from '@/shared/layout/require-auth';
import { useAppStore } from '@/shared/store/app-store';
import './member.css';

const MENU = [
  { to: '/member/order', label: '我的订单', needsLogin: true },
  { to: '/messages', label: '我的消息', needsLogin: true },
  { to: '/member/setting', label: '关于平台', needsLogin: false },
];

function Arrow() {
  return (
    <svg className="kz-arrow" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export default function MemberCenterPage() {
  const isLogin = useAppStore((s) => s.isLogin);
  const user = useAppStore((s) => s.user);
  const guard = (to: string, needsLogin: boolean) => (needsLogin && !isLogin ? loginUrl(to) : to);

  return (
    <main className="kz-member">
      <Link className="kz-member-card" to={isLogin ? '/member/profile' : loginUrl('/member')}>
        <span className="kz-member-avatar" aria-hidden="true">
          {isLogin && user?.avatar ? <img src={user.avatar} alt="" /> : <DefaultAvatar />}
        </span>
        <span className="kz-member-name">
          {isLogin && user ? (
            <>
              <strong>{user.nick_name}</strong>
              <small>{user.role ? user.role.name : '免费会员'}</small>
            </>
          ) : (
            <strong>请登录</strong>
          )}
        </span>
        <Arrow />
      </Link>

      <Link className="kz-member-vip" to={guard('/role', true)}>
        <span className="kz-member-vip-badge">VIP</span>
        <span className="kz-member-vip-text">海量课程免费学！</span>
        <span className="kz-member-vip-btn">会员中心</span>
      </Link>

      <ul className="kz-member-menu">
        {MENU.map((item) => (
          <li key={item.to}>
            <Link to={guard(item.to, item.needsLogin)}>
              <span>{item.label}</span>
              <Arrow />
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

function DefaultAvatar() {
  return (
    <svg viewBox="0 0 64 64" width="64" height="64">
      <circle cx="32" cy="32" r="32" fill="#dbeefe" />
      <circle cx="32" cy="26" r="11" fill="#3ca7fa" />
      <path d="M12 54c3-10 11-15 20-15s17 5 20 15" fill="#3ca7fa" />
    </svg>
  );
}
