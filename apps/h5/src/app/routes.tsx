import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { PageLoading } from '@/shared/layout/page-loading';
import { RequireAuth } from '@/shared/layout/require-auth';
import { TabBarLayout } from '@/shared/layout/tab-bar-layout';
import { AppRoot } from './app-root';

type Page = LazyExoticComponent<ComponentType>;

const Home = lazy(() => import('@/features/home/pages/home'));
const MemberCenter = lazy(() => import('@/features/member/pages/member-center'));
const Study = lazy(() => import('@/features/study/pages/study'));
const Login = lazy(() => import('@/features/auth/pages/login'));
const LoginPassword = lazy(() => import('@/features/auth/pages/login-password'));
const PasswordReset = lazy(() => import('@/features/auth/pages/password-reset'));
const LoginError = lazy(() => import('@/features/auth/pages/login-error'));
const BindMobile = lazy(() => import('@/features/auth/pages/bind-mobile'));
const CodeBindMobile = lazy(() => import('@/features/auth/pages/code-bind-mobile'));
const FaceSuccess = lazy(() => import('@/features/auth/pages/face-success'));
const CourseList = lazy(() => import('@/features/courses/pages/course-list'));
const CourseDetail = lazy(() => import('@/features/courses/pages/course-detail'));
const Video = lazy(() => import('@/features/courses/pages/video'));
const Role = lazy(() => import('@/features/role/pages/role'));
const Checkout = lazy(() => import('@/features/orders/pages/checkout'));
const Pay = lazy(() => import('@/features/orders/pages/pay'));
const OrderSuccess = lazy(() => import('@/features/orders/pages/order-success'));
const MyOrders = lazy(() => import('@/features/orders/pages/my-orders'));
const Messages = lazy(() => import('@/features/messages/pages/messages'));
const Setting = lazy(() => import('@/features/member/pages/setting'));
const Profile = lazy(() => import('@/features/member/pages/profile'));
const MobileVerify = lazy(() => import('@/features/member/pages/mobile-verify'));
const ChangePassword = lazy(() => import('@/features/member/pages/change-password'));
const ChangeMobile = lazy(() => import('@/features/member/pages/change-mobile'));
const Search = lazy(() => import('@/features/search/pages/search'));
const Announcements = lazy(() => import('@/features/announcements/pages/announcements'));
const Announcement = lazy(() => import('@/features/announcements/pages/announcement'));
const NotFound = lazy(() => import('@/features/errors/pages/not-found'));

function page(Component: Page, needsLogin = false) {
  const element = (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
  return needsLogin ? <RequireAuth>{element}</RequireAuth> : element;
}

/** An old or mistyped address that has a page under another name: keep the query, replace. */
function Moved({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={to + search} replace />;
}

/** Every route of the app with its login requirement. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <TabBarLayout />,
        children: [
          { path: '/', element: page(Home) },
          { path: '/member', element: page(MemberCenter) },
          { path: '/study', element: page(Study, true) },
        ],
      },
      { path: '/login', element: page(Login) },
      { path: '/login-password', element: page(LoginPassword) },
      { path: '/password-reset', element: page(PasswordReset) },
      { path: '/login-error', element: page(LoginError) },
      { path: '/bind-mobile', element: page(BindMobile) },
      { path: '/code-bind-mobile', element: page(CodeBindMobile) },
      { path: '/vod', element: page(CourseList) },
      { path: '/vod/detail', element: page(CourseDetail) },
      { path: '/vod/video', element: page(Video, true) },
      { path: '/role', element: page(Role, true) },
      { path: '/order', element: page(Checkout, true) },
      { path: '/order/pay', element: page(Pay, true) },
      { path: '/order/success', element: page(OrderSuccess, true) },
      { path: '/member/order', element: page(MyOrders, true) },
      { path: '/member/orders', element: <Moved to="/member/order" /> },
      { path: '/messages', element: page(Messages, true) },
      { path: '/member/setting', element: page(Setting) },
      { path: '/member/profile', element: page(Profile, true) },
      { path: '/member/mobileVerify', element: page(MobileVerify, true) },
      { path: '/member/password', element: page(ChangePassword, true) },
      { path: '/member/mobile', element: page(ChangeMobile, true) },
      { path: '/search', element: page(Search) },
      { path: '/announcements', element: page(Announcements) },
      { path: '/announcement', element: page(Announcement) },
      { path: '/auth/faceSuccess', element: page(FaceSuccess) },
      { path: '/error', element: page(NotFound) },
      { path: '*', element: page(NotFound) },
    ],
  },
];
