import type { ComponentType } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { HomeIcon, MineIcon, StudyIcon } from './tab-icons';
import './layout.css';

/** Tab bar icons are 28 px. */
export const TAB_ICON_SIZE = 28;

interface Tab {
  path: string;
  title: string;
  Icon: ComponentType<{ active: boolean }>;
}

export const TABS: Tab[] = [
  { path: '/', title: '首页', Icon: HomeIcon },
  { path: '/study', title: '在学', Icon: StudyIcon },
  { path: '/member', title: '我的', Icon: MineIcon },
];

export function TabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="kz-tab-bar" aria-label="底部导航">
      {TABS.map(({ path, title, Icon }) => {
        const active = pathname === path;
        return (
          <button
            key={path}
            type="button"
            className={active ? 'kz-tab kz-tab--active' : 'kz-tab'}
            aria-current={active ? 'page' : undefined}
            onClick={() => {
              if (!active) navigate(path, { replace: true });
            }}
          >
            <span className="kz-tab-icon" style={{ fontSize: TAB_ICON_SIZE }}>
              <Icon active={active} />
            </span>
            <span className="kz-tab-title">{title}</span>
          </button>
        );
      })}
    </nav>
  );
}

/** Pages of the three tabs: content above, tab bar fixed at the bottom. */
export function TabBarLayout() {
  return (
    <div className="kz-tab-layout">
      <Outlet />
      <TabBar />
    </div>
  );
}
