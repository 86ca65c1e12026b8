import './agreement-check.css';

export interface AgreementCheckProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The agreement's title without brackets, e.g. 付费内容购买协议. */
  title: string;
  /** Address of the agreement page; without one the title is plain text. */
  href?: string;
  className?: string;
}

/**
 * 我已阅读并同意《…》 before paying: a real checkbox named by the whole line, with a hit area
 * of at least 44×44 px; the title opens the agreement and, being a link, does not toggle it.
 */
export function AgreementCheck({ checked, onChange, title, href, className }: AgreementCheckProps) {
  return (
    <label className={className ? `kz-agree ${className}` : 'kz-agree'}>
      <span className="kz-agree-check">
        <input
          type="checkbox"
          className="kz-agree-input"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className={checked ? 'kz-agree-box kz-agree-box--checked' : 'kz-agree-box'} aria-hidden="true">
          <svg viewBox="0 0 16 16" width="10" height="10">
            <path
              d="m3 8.5 3.2 3L13 4.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      </span>
      <span className="kz-agree-text">
        我已阅读并同意
        {href ? (
          <a href={href} target="_blank" rel="noreferrer">
            《{title}》
          </a>
        ) : (
          `《${title}》`
        )}
      </span>
    </label>
  );
}
