import './auth.css';

export interface ProtocolCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  userProtocol: string;
  privateProtocol: string;
}

/**
 * 勾选同意《用户协议》和《隐私协议》: a real checkbox named by the whole line; the two titles
 * open the configured pages and, being links, do not toggle it.
 */
export function ProtocolCheckbox({
  checked,
  onChange,
  userProtocol,
  privateProtocol,
}: ProtocolCheckboxProps) {
  return (
    <label className="kz-protocol">
      <span className="kz-protocol-check">
        <input
          type="checkbox"
          className="kz-protocol-input"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span
          className={checked ? 'kz-protocol-box kz-protocol-box--checked' : 'kz-protocol-box'}
          aria-hidden="true"
        >
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
      <span>
        勾选同意
        <a href={userProtocol || undefined} target="_blank" rel="noreferrer">
          《用户协议》
        </a>
        和
        <a href={privateProtocol || undefined} target="_blank" rel="noreferrer">
          《隐私协议》
        </a>
      </span>
    </label>
  );
}
