// The entry holds only what the first paint needs: the global styles, the theme and the start.
import 'antd-mobile/es/global';
import './app/app.css';
import './shared/layout/layout.css';
import { H5_FIRST_SCREEN_ATTRIBUTE } from '@kezhan/contract/browser';
import { startEarlyRequests } from './shared/http/early-requests';
import { startTheme } from './shared/theme/theme';
import { followReducedMotion } from './shared/ui/reduced-motion';

startEarlyRequests();
startTheme();
followReducedMotion();

const start = () => void import('./app/start').then(({ startApp }) => startApp());

/**
 * When the server drew the first screen, the browser paints it before the app's scripts are
 * evaluated (their evaluation would otherwise hold the first paint back). A hidden tab paints no
 * frames, so a timer starts the app there.
 */
function afterFirstPaint(run: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}

if (document.getElementById('root')?.hasAttribute(H5_FIRST_SCREEN_ATTRIBUTE)) afterFirstPaint(start);
else start();
