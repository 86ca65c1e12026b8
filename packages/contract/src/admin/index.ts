import type { Endpoint } from '../endpoint';
import { adminAdministratorsApi } from './administrators';
import { adminCourseAttachmentsApi } from './attachments';
import { adminBroadcastAudienceApi } from './broadcasts';
import { adminCommentsApi } from './comments';
import { adminAgreementsApi } from './agreements';
import { adminContentApi, adminCoursesApi } from './courses';
import { adminBroadcastsApi, adminMemberAccountsApi, adminMembersApi } from './members';
import { adminDashboardApi } from './dashboard';
import { adminStatisticsApi } from './statistics';
import { adminMemberImportsApi } from './member-imports';
import { adminPromotionsApi } from './promotions';
import { adminOrdersApi } from './orders';
import { adminRefundsApi } from './refunds';
import { adminRolesApi } from './roles';
import { adminSecurityApi } from './security';
import { adminSessionApi } from './session';
import { adminSiteApi } from './site';
import { adminNavigationApi } from './site-navigation';
import { adminVideosApi } from './videos';

/** Every endpoint of the operator console (`/api/admin/…`). */
export const ADMIN_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(adminSessionApi),
  ...Object.values(adminCoursesApi),
  ...Object.values(adminCourseAttachmentsApi),
  ...Object.values(adminContentApi),
  ...Object.values(adminSiteApi),
  ...Object.values(adminVideosApi),
  ...Object.values(adminMembersApi),
  ...Object.values(adminMemberAccountsApi),
  ...Object.values(adminMemberImportsApi),
  ...Object.values(adminBroadcastsApi),
  ...Object.values(adminBroadcastAudienceApi),
  ...Object.values(adminDashboardApi),
  ...Object.values(adminStatisticsApi),
  ...Object.values(adminPromotionsApi),
  ...Object.values(adminAdministratorsApi),
  ...Object.values(adminRolesApi),
  ...Object.values(adminOrdersApi),
  ...Object.values(adminRefundsApi),
  ...Object.values(adminSecurityApi),
  ...Object.values(adminNavigationApi),
  ...Object.values(adminCommentsApi),
  ...Object.values(adminAgreementsApi),
];
