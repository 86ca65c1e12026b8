import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** `http(s)://…`, `//…` and `www.…` leave the app; anything else is an in-app path. */
export function linkTarget(href: string | null | undefined): { external: boolean; to: string } | null {
  const value = (href ?? '').trim();
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value)) return { external: true, to: value };
  if (/^www\./i.test(value)) return { external: true, to: `https://${value}` };
  return { external: false, to: value.startsWith('/') ? value : `/${value}` };
}

export interface BlockLinkProps {
  href: string | null | undefined;
  className?: string;
  style?: CSSProperties;
  label?: string;
  children: ReactNode;
}

/**
 * A tappable block item as a real link: in-app paths go through the router (login-only pages are
 * guarded by their route, so public pages open for visitors too), outside addresses load in full.
 */
export function BlockLink({ href, className, style, label, children }: BlockLinkProps) {
  const target = linkTarget(href);
  if (!target) {
    return (
      <div className={className} style={style}>
        {children}
      </div>
    );
  }
  if (target.external) {
    return (
      <a href={target.to} className={className} style={style} aria-label={label}>
        {children}
      </a>
    );
  }
  return (
    <Link to={target.to} className={className} style={style} aria-label={label}>
      {children}
    </Link>
  );
}
