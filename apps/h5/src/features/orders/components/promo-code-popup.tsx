import Button from 'antd-mobile/es/components/button';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { showToast } from '@/shared/ui/toast';
import { useFocusReturn } from '@/shared/ui/focus-return';
import { useCheckPromoCode } from '../api/queries';
import type { AppliedPromo } from '../utils/promo';

export interface PromoCodePopupProps {
  visible: boolean;
  applied: AppliedPromo | null;
  onClose: () => void;
  onChange: (promo: AppliedPromo | null) => void;
}

/**
 * Checks a promo code with the server. An unusable code clears both the input and any
 * discount shown, so the page never shows a discount the order would not get.
 */
export function PromoCodePopup({ visible, applied, onClose, onChange }: PromoCodePopupProps) {
  useFocusReturn(visible);
  const [code, setCode] = useState('');
  const check = useCheckPromoCode();
  const checking = check.pending;

  // Each opening, and each change of the applied code, starts from that code (set while rendering).
  const openedWith = visible ? (applied?.code ?? '') : null;
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (openedWith !== shownFor) {
    setShownFor(openedWith);
    if (openedWith !== null) setCode(openedWith);
  }

  const verify = async () => {
    const value = code.trim();
    if (!value || checking) return;
    try {
      const data = await check.run(value);
      if (data.can_use !== 1 || Array.isArray(data.promo_code)) {
        showToast(data.message || '优惠码无效');
        setCode('');
        onChange(null);
        return;
      }
      const found = data.promo_code;
      const percentOff =
        found.discount_type === 'percent'
          ? Math.min(100, Math.max(0, Math.floor(Number(found.percent_off) || 0)))
          : 0;
      if (percentOff > 0) {
        showToast(`优惠码有效，立减${percentOff}%`);
        onChange({ code: value, discount: 0, percentOff });
        onClose();
        return;
      }
      // Yuan with up to two decimals (¥0.5); older servers may send it as text.
      const discount = Math.max(0, Number(found.invited_user_reward) || 0);
      showToast(`优惠码有效，抵扣${discount}元`);
      onChange({ code: value, discount });
      onClose();
    } catch {
      // The HTTP client has shown why.
    }
  };

  return (
    <CenterPopup
      visible={visible}
      onMaskClick={onClose}
      bodyClassName="kz-promo-popup"
      role="dialog"
      aria-label="使用优惠码"
      style={{ '--min-width': 'min(325px, calc(100vw - 40px))', '--max-width': 'calc(100vw - 40px)' }}
    >
      <button type="button" className="kz-promo-close" aria-label="关闭" onClick={onClose}>
        ×
      </button>
      <h2 className="kz-promo-title">使用优惠码</h2>
      <Input
        className="kz-promo-input"
        placeholder="请输入优惠码"
        value={code}
        onChange={(v) => setCode(v.trim())}
        onEnterPress={() => void verify()}
        maxLength={64}
        clearable
        aria-label="优惠码"
      />
      <Button block color="primary" loading={checking} disabled={!code} onClick={() => void verify()}>
        验证
      </Button>
      {applied ? (
        <button
          type="button"
          className="kz-promo-remove"
          onClick={() => {
            onChange(null);
            onClose();
          }}
        >
          不使用优惠码
        </button>
      ) : null}
    </CenterPopup>
  );
}
