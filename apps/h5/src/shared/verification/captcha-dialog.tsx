import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useCaptchaImage } from './get-captcha-image';
import { useFocusReturn } from '@/shared/ui/focus-return';
import './verification.css';

export interface CaptchaDialogProps {
  visible: boolean;
  onCancel: () => void;
  /** Sends the SMS with the answer; resolves true when done, false to try a fresh image. */
  onConfirm: (imageKey: string, imageCaptcha: string) => Promise<boolean>;
}

export function CaptchaDialog({ visible, onCancel, onConfirm }: CaptchaDialogProps) {
  const image = useCaptchaImage(visible);
  const captcha = image.captcha;
  const [answer, setAnswer] = useState('');
  const [sending, setSending] = useState(false);
  // Each opening starts with an empty answer (and a new image, fetched as it opens).
  const [shownOpen, setShownOpen] = useState(visible);
  if (shownOpen !== visible) {
    setShownOpen(visible);
    if (visible) setAnswer('');
  }
  useFocusReturn(visible);

  const refresh = () => {
    setAnswer('');
    image.refresh();
  };

  // Until the image has arrived there is no key to answer for: 确认 stays inactive rather than
  // swallowing a tap. While the SMS is on its way a second tap would send it twice.
  const ready = answer !== '' && captcha !== null && !sending;
  const confirm = async () => {
    if (!ready) return;
    setSending(true);
    try {
      if (!(await onConfirm(captcha.key, answer))) refresh();
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      visible={visible}
      title="图形验证码"
      aria-label="图形验证码"
      onClose={onCancel}
      closeOnAction={false}
      destroyOnClose
      content={
        <div className="kz-captcha">
          <button type="button" className="kz-captcha-image" aria-label="刷新验证码" onClick={refresh}>
            {captcha ? <img src={captcha.img} alt="图形验证码" /> : <span>点击加载</span>}
          </button>
          <div className="kz-captcha-input">
            <Input
              placeholder="请输入图中字符"
              autoFocus
              aria-label="图形验证码"
              value={answer}
              onChange={setAnswer}
              onEnterPress={() => void confirm()}
              maxLength={8}
              autoComplete="off"
            />
          </div>
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onCancel },
          {
            key: 'confirm',
            text: '确认',
            bold: true,
            className: ready ? 'kz-captcha-confirm kz-captcha-confirm--active' : 'kz-captcha-confirm',
            disabled: !ready,
            onClick: confirm,
          },
        ],
      ]}
    />
  );
}
