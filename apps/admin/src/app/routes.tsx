import { lazy, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import type { AdminPermission } from '@kezhan/contract/admin/permissions';
import { useSession } from '@/shared/session';
import { Forbidden } from '@/shared/states';
import { LoginPage } from '@/features/session/login-page';
import { Shell } from './shell';

const CourseListPage = lazy(() => import('@/features/courses/course-list-page'));
const CourseEditPage = lazy(() => import('@/features/courses/course-edit-page'));
const CategoriesPage = lazy(() => import('@/features/categories/categories-page'));
const SettingsPage = lazy(() => import('@/features/settings/settings-page'));
const VipPlansPage = lazy(() => import('@/features/vip/vip-plans-page'));
const HomeBlocksPage = lazy(() => import('@/features/home/home-blocks-page'));
const ContentTransferPage = lazy(() => import('@/features/content/content-transfer-page'));
const AuditLogPage = lazy(() => import('@/features/audit/audit-log-page'));
const MemberListPage = lazy(() => import('@/features/members/member-list-page'));
const MemberDetailPage = lazy(() => import('@/features/members/member-detail-page'));
const MemberImportPage = lazy(() => import('@/features/members/member-import-page'));
const BroadcastsPage = lazy(() => import('@/features/messages/broadcasts-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const TransactionsPage = lazy(() => import('@/features/statistics/transactions-page'));
const MembersStatisticsPage = lazy(() => import('@/features/statistics/members-page'));
const ContentStatisticsPage = lazy(() => import('@/features/statistics/content-page'));
const PromotionsPage = lazy(() => import('@/features/promotions/promotions-page'));
const AdministratorsPage = lazy(() => import('@/features/administrators/administrators-page'));
const RolesPage = lazy(() => import('@/features/administrators/roles-page'));
const OrderListPage = lazy(() => import('@/features/orders/order-list-page'));
const OrderDetailPage = lazy(() => import('@/features/orders/order-detail-page'));
const RefundListPage = lazy(() => import('@/features/orders/refund-list-page'));
const SecurityPage = lazy(() => import('@/features/security/security-page'));
const SiteNavigationPage = lazy(() => import('@/features/site/site-navigation-page'));
const CommentsPage = lazy(() => import('@/features/comments/comments-page'));
const AgreementsPage = lazy(() => import('@/features/agreements/agreements-page'));

function Guarded({ permission, children }: { permission: AdminPermission; children: ReactNode }) {
  return useSession().can(permission) ? children : <Forbidden />;
}

const page = (permission: AdminPermission, element: ReactNode) => (
  <Guarded permission={permission}>{element}</Guarded>
);

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <Shell />,
      children: [
        { path: 'courses', element: page('course.view', <CourseListPage />) },
        { path: 'courses/new', element: page('course.edit', <CourseEditPage />) },
        { path: 'courses/:id', element: page('course.view', <CourseEditPage />) },
        { path: 'categories', element: page('course.view', <CategoriesPage />) },
        { path: 'vip-plans', element: page('vip.manage', <VipPlansPage />) },
        { path: 'home', element: page('home.edit', <HomeBlocksPage />) },
        { path: 'site', element: page('home.edit', <SiteNavigationPage />) },
        { path: 'comments', element: page('course.edit', <CommentsPage />) },
        { path: 'agreements', element: page('settings.manage', <AgreementsPage />) },
        { path: 'content', element: page('course.edit', <ContentTransferPage />) },
        { path: 'settings', element: page('settings.manage', <SettingsPage />) },
        { path: 'audit-logs', element: page('audit.view', <AuditLogPage />) },
        { path: 'members', element: page('member.view', <MemberListPage />) },
        { path: 'members/import', element: page('member.edit', <MemberImportPage />) },
        { path: 'members/:id', element: page('member.view', <MemberDetailPage />) },
        { path: 'messages', element: page('message.send', <BroadcastsPage />) },
        { path: 'dashboard', element: page('dashboard.view', <DashboardPage />) },
        { path: 'statistics/transactions', element: page('dashboard.view', <TransactionsPage />) },
        { path: 'statistics/members', element: page('dashboard.view', <MembersStatisticsPage />) },
        { path: 'statistics/content', element: page('dashboard.view', <ContentStatisticsPage />) },
        { path: 'promo-codes', element: page('promo.manage', <PromotionsPage />) },
        { path: 'administrators', element: page('admin.manage', <AdministratorsPage />) },
        { path: 'roles', element: page('admin.manage', <RolesPage />) },
        { path: 'orders', element: page('order.view', <OrderListPage />) },
        { path: 'orders/:orderNo', element: page('order.view', <OrderDetailPage />) },
        { path: 'refunds', element: page('order.view', <RefundListPage />) },
        { path: 'security', element: page('console.use', <SecurityPage />) },
        { path: '*', element: <Forbidden /> },
      ],
    },
  ],
  { basename: '/admin' },
);
