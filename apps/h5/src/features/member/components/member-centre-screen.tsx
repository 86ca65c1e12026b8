import { DEFAULT_AVATAR } from '@kezhan/contract/browser';
import type { MemberDetail } from '@/shared/api/types';
import { Link } from 'react-router-dom';
import { loginUrl } from '@/shared/layout/require-auth';
import { DefaultAvatar } from './default-avatar';
import '../pages/member.css';
import { ChevronIcon } from '@/shared/ui/chevron-icon';
import { SizedImage } from '@/shared/ui/sized-image';

/** `2025-08-01 10:00:00` (raw-dt, Beijing time) → `2025-08-01`. */
export function expiryDate(raw: string | null | undefined): string {
  return raw ? raw.slice(0, 10) : '';
}

/** Who the member centre is for: a member, a visitor, a member whose detail failed, or not yet known. */
export type MemberCentreViewer =
  | { kind: 'member'; member: MemberDetail; unread: number }
  | { kind: 'visitor' }
  | { kind: 'failed'; reloading: boolean; onReload: () => void }
  | { kind: 'pending' };

function MemberCard({ viewer }: { viewer: MemberCentreViewer }) {
  if (viewer.kind === 'failed') {
    return (
      <div className="kz-member-card" role="alert">
        <span className="kz-member-avatar">
          <DefaultAvatar />
        </span>
        <span className="kz-member-name">
          <strong>账号信息加载失败</strong>
          <small className="kz-member-role">请检查网络后重试</small>
        </span>
        <button
          type="button"
          className="kz-member-retry"
          disabled={viewer.reloading}
          onClick={viewer.onReload}
        >
          {viewer.reloading ? '加载中…' : '重新加载'}
        </button>
      </div>
    );
  }
  if (viewer.kind === 'pending') {
    return (
      <div className="kz-member-card" role="status" aria-label="加载中">
        <span className="kz-member-avatar">
          <img src={DEFAULT_AVATAR} alt="" width={64} height={64} {...{ fetchpriority: 'high' }} />
        </span>
        <span className="kz-member-name kz-member-name--pending">
          <span />
          <span />
        </span>
      </div>
    );
  }
  const member = viewer.kind === 'member' ? viewer.member : null;
  const expiry = member?.role ? expiryDate(member.role_expired_at) : '';
  return (
    <Link className="kz-member-card" to={member ? '/member/profile' : loginUrl('/member')}>
      <span className="kz-member-avatar">
        {member?.avatar ? (
          <SizedImage src={member.avatar} alt="头像" width={64} height={64} sizes="64px" loading="eager" />
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
      <ChevronIcon className="kz-arrow" />
    </Link>
  );
}

/**
 * The member centre as the viewer sees it. The server draws it `pending` (it does not know who is
 * looking): the menu as everyone sees it, the member's card still to come, with the default
 * picture where their avatar will be.
 */
export function MemberCentreScreen({ viewer }: { viewer: MemberCentreViewer }) {
  const member = viewer.kind === 'member' ? viewer.member : null;
  // A visitor is sent to log in first; a member whose detail failed is not told to log in.
  const guard = (to: string) => (viewer.kind === 'visitor' ? loginUrl(to) : to);
  const unread = viewer.kind === 'member' ? viewer.unread : 0;
  const menu = [
    { to: guard('/member/order'), label: '我的订单' },
    { to: guard('/messages'), label: '我的消息', badge: unread },
    { to: guard('/member/profile'), label: '个人资料' },
    { to: '/member/setting', label: '关于平台' },
  ];

  return (
    <div className="kz-member">
      <h1 className="kz-visually-hidden">我的</h1>
      <MemberCard viewer={viewer} />

      <Link className="kz-member-vip" to={guard('/role')}>
        <span className="kz-member-vip-badge">VIP</span>
        <span className="kz-member-vip-text">海量课程免费学！</span>
        <span
          className={
            viewer.kind === 'pending' ? 'kz-member-vip-btn kz-member-vip-btn--pending' : 'kz-member-vip-btn'
          }
        >
          {viewer.kind === 'pending' ? null : member?.role ? '会员中心' : '开通会员'}
        </span>
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
                <ChevronIcon className="kz-arrow" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
