import SpinLoading from 'antd-mobile/es/components/spin-loading';
import './layout.css';

/** Full-screen centred spinner in the brand colour: startup and lazy pages. */
export function PageLoading() {
  return (
    <div className="kz-page-loading" role="status" aria-label="加载中">
      <SpinLoading color="primary" style={{ '--size': '36px' }} />
    </div>
  );
}
