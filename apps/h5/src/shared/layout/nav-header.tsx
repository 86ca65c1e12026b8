import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { goBack } from './go-back';
import './layout.css';

export interface NavHeaderProps {
  title?: string;
  noBorder?: boolean;
  /** Replaces the default back rule (pages such as "my orders" always return to one place). */
  onBack?: () => void;
  right?: ReactNode;
}

/** The header's back arrow: the back rule of `go-back.ts` unless the page gives its own. */
export function BackButton({ onBack, className }: { onBack?: () => void; className?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className ? `kz-nav-back ${className}` : 'kz-nav-back'}
      aria-label="返回"
      onClick={onBack ?? (() => goBack(navigate))}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M15.5 4.5 8 12l7.5 7.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

export function NavHeader({ title, noBorder, onBack, right }: NavHeaderProps) {
  return (
    <>
      <header className={noBorder ? 'kz-nav-header' : 'kz-nav-header kz-nav-header--border'}>
        <BackButton onBack={onBack} />
        {title ? <h1 className="kz-nav-title">{title}</h1> : null}
        {right ? <div className="kz-nav-right">{right}</div> : null}
      </header>
      <div className="kz-nav-spacer" />
    </>
  );
}
