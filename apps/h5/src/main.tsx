// The entry holds only what the first paint needs: the global styles, the theme and the start.
import 'antd-mobile/es/global';
import './app/app.css';
import './shared/layout/layout.css';
import { H5_FIRST_SCREEN_ATTRIBUTE } from '@kezhan/contract/browser';
import { addAppScriptLinks } from './app/app-scripts';
import { startEarlyRequests } from './shared/http/early-requests';
import { afterNextPaint, nextTask } from './shared/layout/next-task';
import { startTheme } from './shared/theme/theme';
import { trackInputModality } from './shared/ui/input-modality';
import { followReducedMotion } from './shared/ui/reduced-motion';

startEarlyRequests();
startTheme();
followReducedMotion();
trackInputModality();

/**
 * React's runtime is evaluated in a task of its own before the app's modules, so neither makes a
 * long task of its own on a slow phone.
 */
const start = () =>
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('./app/start'))
    .then(({ startApp }) => startApp());

/**
 * When the server drew the first screen, the browser paints it before the app's scripts are
 * evaluated (their evaluation would otherwise hold the first paint back).
 */
const FIRST_PAINT_IN_HIDDEN_TAB_MS = 200;

if (document.getElementById('root')?.hasAttribute(H5_FIRST_SCREEN_ATTRIBUTE))
  afterNextPaint(() => void addAppScriptLinks().then(start), FIRST_PAINT_IN_HIDDEN_TAB_MS);
else start();
