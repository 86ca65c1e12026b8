import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '@/shared/session';
import { router } from '@/app/routes';

/**
 * Darker than antd's defaults so text on selected items, placeholders and secondary hints
 * (Typography type="secondary") reaches 4.5:1 contrast.
 */
const THEME = {
  token: {
    colorPrimary: '#0b5cad',
    colorLink: '#0b5cad',
    colorInfo: '#0b5cad',
    colorError: '#c4161c',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorTextDescription: 'rgba(0, 0, 0, 0.56)',
  },
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={THEME}>
      <AntApp>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
