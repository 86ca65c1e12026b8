import './layout.css';

/**
 * Full-screen centred spinner in the brand colour: startup and lazy pages. Drawn with CSS only,
 * so the first screen does not load an animation library.
 */
export function PageLoading() {
  return (
    <div className="kz-page-loading" role="status" aria-label="加载中">
      <span className="kz-spinner" aria-hidden="true" />
    </div>
  );
}
