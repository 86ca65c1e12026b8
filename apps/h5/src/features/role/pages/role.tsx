/**
 * VIP会员 (/role) with the membership agreement: a plan is bought
 * through the cashier (/order?goods_type=role&…, see shared/utils/checkout-url.ts) only once
 * 《会员服务协议》 (config.vip_protocol) is accepted.
 */
import { DEFAULT_AVATAR } from '@kezhan/contract/browser';
import type { VipRole } from '@kezhan/contract/orders';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFreshMember } from '@/shared/api/queries';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { useAppStore } from '@/shared/store/app-store';
import { AgreementCheck } from '@/shared/ui/agreement-check';
import { showToast } from '@/shared/ui/toast';
import { checkoutUrl } from '@/shared/utils/checkout-url';
import { useRoles } from '../api/queries';
import './role.css';
import { SizedImage } from '@/shared/ui/sized-image';
import { EmptyState, ErrorState } from '@/shared/ui/list-states';

/** `2026-11-23 12:17:37` (UTC+8 as stored) → `2026-11-23`. */
function expiryDate(raw: unknown): string {
  return typeof raw === 'string' ? raw.slice(0, 10) : '';
}

export default function RolePage() {
  useDocumentTitle('VIP会员');
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  const vipProtocol = useAppStore((s) => s.config.vip_protocol ?? '');
  const plans = useRoles();
  const roles = plans.data ?? [];
  const [selected, setSelected] = useState<VipRole | null>(null);
  const [agreed, setAgreed] = useState(false);
  // The stored member may predate a purchase made a moment ago: show the current expiry.
  useFreshMember();

  const buy = () => {
    if (!selected) {
      showToast('请选择需要购买的会员');
      return;
    }
    if (!agreed) {
      showToast('请阅读并同意《会员服务协议》');
      return;
    }
    navigate(checkoutUrl({ type: 'role', id: selected.id, name: selected.name, charge: selected.charge }));
  };

  const expiry = expiryDate(user?.role_expired_at);

  return (
    <div className="kz-page kz-role">
      <NavHeader title="VIP会员" />
      <section className="kz-role-user">
        <SizedImage
          className="kz-role-avatar"
          src={user?.avatar || DEFAULT_AVATAR}
          alt=""
          width={48}
          height={48}
          sizes="48px"
          loading="eager"
        />
        <div>
          <p className="kz-role-name">{user?.nick_name}</p>
          {user?.role ? (
            <>
              <p className="kz-role-status">
                您的<strong>{user.role.name}</strong>
                {expiry ? `将于${expiry}到期` : ''}
              </p>
              <p className="kz-role-hint">购买后将会有效期顺延</p>
            </>
          ) : (
            <>
              <p className="kz-role-status">您还不是本站会员哦</p>
              <p className="kz-role-hint">免费会员</p>
            </>
          )}
        </div>
      </section>

      {plans.loading ? (
        <div className="kz-role-grid" aria-busy="true" aria-label="加载中">
          {[0, 1].map((i) => (
            <div key={i} className="kz-role-card">
              <Skeleton.Paragraph lineCount={4} animated />
            </div>
          ))}
        </div>
      ) : plans.error !== undefined ? (
        <ErrorState title="会员方案加载失败" description="请检查网络后重试">
          <Button color="primary" onClick={plans.refetch}>
            重试
          </Button>
        </ErrorState>
      ) : roles.length === 0 ? (
        <EmptyState text="暂无会员方案" />
      ) : (
        <div className="kz-role-grid" role="radiogroup" aria-label="会员方案">
          {roles.map((role) => (
            <button
              key={role.id}
              type="button"
              role="radio"
              aria-checked={selected?.id === role.id}
              aria-label={`${role.name} ￥${role.charge}`}
              className="kz-role-card"
              onClick={() => setSelected(role)}
            >
              <span className="kz-role-card-name">{role.name}</span>
              <span className="kz-role-card-price">
                <small>￥</small>
                {role.charge}
              </span>
              {role.desc_rows.map((row, i) => (
                <span key={i} className="kz-role-card-desc">
                  {row}
                </span>
              ))}
            </button>
          ))}
        </div>
      )}

      <AgreementCheck
        className="kz-role-agree"
        checked={agreed}
        onChange={setAgreed}
        title="会员服务协议"
        href={vipProtocol}
      />

      <button type="button" className="kz-role-buy" onClick={buy}>
        购买会员
      </button>
    </div>
  );
}
