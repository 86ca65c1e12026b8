import { Suspense } from 'react';
import { Button, Layout, Menu, Result, Space, Typography } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '@/shared/session';
import { LoadError, PageLoading } from '@/shared/states';
import { MENU, type MenuEntry } from './menu';

const { Header, Sider, Content } = Layout;

/** The menu's items: an entry of a group goes under the group's submenu, where its first entry is. */
function menuItems(entries: MenuEntry[]) {
  const items: { key: string; label: string; children?: { key: string; label: string }[] }[] = [];
  for (const entry of entries) {
    const item = { key: entry.path, label: entry.label };
    if (!entry.group) {
      items.push(item);
      continue;
    }
    const key = `group:${entry.group}`;
    const group = items.find((candidate) => candidate.key === key);
    if (group) group.children?.push(item);
    else items.push({ key, label: entry.group, children: [item] });
  }
  return items;
}

/** Signed-in frame: the menu of what the role grants, who is signed in, and the page. */
export function Shell() {
  const { session, bootError, retry, signOut, can } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  if (bootError) {
    return (
      <div style={{ padding: 48 }}>
        <LoadError error={new Error(bootError)} onRetry={retry} />
      </div>
    );
  }
  if (session === undefined) return <PageLoading />;
  if (session === null) {
    const redirect =
      location.pathname === '/' ? '' : `?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/login${redirect}`} replace />;
  }
  const entries = MENU.filter((entry) => can(entry.permission));
  const current = entries.find((entry) => location.pathname.startsWith(entry.path));
  const selected = current?.path;
  const openGroup = current?.group;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        width={208}
        theme="light"
        breakpoint="lg"
        collapsedWidth={0}
        style={{ borderRight: '1px solid #f0f0f0' }}
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            padding: '0 24px',
            fontWeight: 600,
            fontSize: 16,
          }}
        >
          课栈管理后台
        </div>
        <nav aria-label="主菜单">
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            defaultOpenKeys={openGroup ? [`group:${openGroup}`] : []}
            items={menuItems(entries)}
            onClick={({ key }) => navigate(key)}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size="middle">
            <Typography.Text>
              {session.administrator.display_name}（{session.administrator.role_name}）
            </Typography.Text>
            <Button type="link" onClick={() => navigate('/security')}>
              账号安全
            </Button>
            <Button onClick={() => void signOut()}>退出登录</Button>
          </Space>
        </Header>
        {/* antd's Content is the page's <main>. */}
        <Content style={{ padding: 24 }}>
          <Suspense fallback={<PageLoading />}>
            {location.pathname === '/' ? (
              entries[0] ? (
                <Navigate to={entries[0].path} replace />
              ) : (
                <Result
                  title={`欢迎，${session.administrator.display_name}`}
                  subTitle="你的角色暂无可用的后台功能。"
                />
              )
            ) : (
              <Outlet />
            )}
          </Suspense>
        </Content>
      </Layout>
    </Layout>
  );
}
