import { useDocumentTitle } from '../hooks/use-document-title';
import { NavHeader } from './nav-header';
import './layout.css';

export interface PlaceholderPageProps {
  title: string;
  /** Tab pages have no back arrow. */
  withHeader?: boolean;
}

/** Stand-in for screens that later issues build; the route and its guard are already real. */
export function PlaceholderPage({ title, withHeader = true }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <div className="kz-page">
      {withHeader ? <NavHeader title={title} /> : <h1 className="kz-placeholder-heading">{title}</h1>}
      <div className="kz-placeholder">
        <svg className="kz-art" viewBox="0 0 120 120" width="96" height="96" aria-hidden="true">
          <circle className="kz-art-soft" cx="60" cy="60" r="44" />
          <rect x="38" y="42" width="44" height="36" rx="6" fill="currentColor" opacity="0.85" />
          <path d="M46 54h28M46 62h20M46 70h24" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        </svg>
        <p>页面建设中，敬请期待</p>
      </div>
    </div>
  );
}
