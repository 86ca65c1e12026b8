import { Link } from 'react-router-dom';
import { loginUrl } from '@/shared/layout/require-auth';
import { getToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { useReloadMember, useUnreadCount } from '../api/queries';
import { DefaultAvatar } from '../components/default-avatar';
import './member.css';
import { SizedImage } from '@/shared/ui/sized-image';

function Arrow() {
  return (
    <svg className="kz-arrow" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
      <path
        d="m9 5 7 7-7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** `2025-08-01 10:00:00` (raw-dt, Beijing time) → `2025-08-01`. */
export function expiryDate(raw: string | null | undefined): string {
  return raw ? raw.slice(0, 10) : '';
}

/** Member centre, the 我的 tab. */
export default function MemberCenterPage() {
  const isLogin = useAppStore((s) => s.isLogin);
  const user = useAppStore((s) => s.user);
  const unread = useUnreadCount(isLogin);
  const member = isLogin && user ? user : null;
  // Logged in (a token) but the member detail did not load: say so, never 请登录.
  const detailFailed = !member && !!getToken();
  const reloadMember = useReloadMember();
  const reloading = reloadMember.pending;
  const guard = (to: string) => (member || detailFailed ? to : loginUrl(to));
  const reload = () => {
    reloadMember.run().catch(() => undefined);
  };
  const expiry = member?.role ? expiryDate(member.role_expired_at) : '';

  const menu = [
    { to: guard('/member/order'), label: '我的订单' },
    { to: guard('/messages'), label: '我的消息', badge: member ? unread : 0 },
    { to: guard('/member/profile'), label: '个人资料' },
    { to: '/member/setting', label: '关于平台' },
  ];

  return (
    <div className="kz-member">
      <h1 className="kz-visually-hidden">我的</h1>
      {detailFailed ? (
        <div className="kz-member-card" role="alert">
          <span className="kz-member-avatar">
            <DefaultAvatar />
          </span>
          <span className="kz-member-name">
            <strong>账号信息加载失败</strong>
            <small className="kz-member-role">请检查网络后重试</small>
          </span>
          <button type="button" className="kz-member-retry" disabled={reloading} onClick={reload}>
            {reloading ? '加载中…' : '重新加载'}
          </button>
        </div>
      ) : (
        <Link className="kz-member-card" to={member ? '/member/profile' : loginUrl('/member')}>
          <span className="kz-member-avatar">
            {member?.avatar ? (
              <SizedImage
                src={member.avatar}
                alt="头像"
                width={64}
                height={64}
                sizes="64px"
                loading="eager"
              />
            ) : (
              <DefaultAvatar />
            )}
          </span>
          <span className="kz-member-name">
            {member ? (
              <>
                <strong>{member.nick_name}</strong>
                <small className={member.role ? 'kz-member-role kz-member-role--vip' : 'kz-member-role'}>
                  {member.role ? member.role.name : '免费会员'}
                </small>
                {expiry ? <small className="kz-member-expiry">有效期至 {expiry}</small> : null}
              </>
            ) : (
              <>
                <strong>请登录</strong>
                <small className="kz-member-role">登录/注册</small>
              </>
            )}
          </span>
          <Arrow />
        </Link>
      )}

      <Link className="kz-member-vip" to={guard('/role')}>
        <span className="kz-member-vip-badge">VIP</span>
        <span className="kz-member-vip-text">海量课程免费学！</span>
        <span className="kz-member-vip-btn">{member?.role ? '会员中心' : '开通会员'}</span>
      </Link>

      <ul className="kz-member-menu">
        {menu.map((item) => (
          <li key={item.label}>
            <Link to={item.to}>
              <span>{item.label}</span>
              <span className="kz-member-menu-end">
                {item.badge ? (
                  <span className="kz-member-badge" aria-label={`${item.badge}条未读消息`}>
                    {item.badge > 99 ? '99+' : item.badge}
                  </span>
                ) : null}
                <Arrow />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
