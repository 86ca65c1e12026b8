import type { GzhConfig } from '@kezhan/contract/courses';
import { useEffect, useState } from 'react';
import { SizedImage } from '@/shared/ui/sized-image';

/** WeChat official-account card; 关注 opens the QR code. */
export function GzhBlock({ config }: { config: GzhConfig }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <section className="kz-block-gzh">
      {config.logo ? (
        <SizedImage className="kz-gzh-logo" src={config.logo} alt="" width={50} height={50} sizes="50px" />
      ) : null}
      <div className="kz-gzh-text">
        <strong>{config.name}</strong>
        <span>{config.desc}</span>
      </div>
      <button type="button" className="kz-gzh-follow" onClick={() => setOpen(true)}>
        关注
      </button>
      {open ? (
        // A tap on the mask around the card closes it too (keyboards have Escape and 关闭).
        <div
          className="kz-gzh-mask"
          role="presentation"
          onClick={(e) => {
            if (e.target === e.currentTarget) setOpen(false);
          }}
        >
          <div className="kz-gzh-modal" role="dialog" aria-modal="true" aria-label="关注公众号">
            <h3>关注公众号</h3>
            {config.qrcode ? (
              <img src={config.qrcode} alt={`${config.name}二维码`} width={120} height={120} />
            ) : null}
            <p>长按二维码识别或截图保存</p>
            <button type="button" className="kz-gzh-close" aria-label="关闭" onClick={() => setOpen(false)}>
              ×
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
