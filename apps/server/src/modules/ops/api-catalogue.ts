import { z } from 'zod';
import { mobileLoginBody, passwordLoginBody, sendSmsBody } from '@kezhan/contract/auth';
import { messagesQuery } from '@kezhan/contract/messages';
import {
  AVATAR_FIELD,
  bindMobileBody,
  changeMobileBody,
  nicknameBody,
  passwordBody,
  socialiteAppParams,
  verifyMobileBody,
} from '@kezhan/contract/member';
import {
  commentBody,
  courseListQuery,
  searchQuery,
  studyListQuery,
  videoRecordBody,
  viewBlocksQuery,
} from '@kezhan/contract/courses';
import { mediaGrantQuery, mediaPlaylistParams, mediaSegmentParams } from '@kezhan/contract/media';
import { loginCodeBody, registerWithSocialiteBody, socialStartQuery } from '@kezhan/contract/social';
import { faceVerifyQuery, faceVerifyStartBody } from '@kezhan/contract/face';
import {
  createCourseOrderBody,
  createRoleOrderBody,
  handPayBody,
  memberOrdersQuery,
  orderStatusQuery,
  payRedirectQuery,
  payTicketBody,
  paymentsQuery,
} from '@kezhan/contract/orders';

/**
 * One endpoint of the API, as /api/docs shows it. Request shapes come from packages/contract (the
 * same schemas the handlers validate with); `response` says what the answer holds.
 */
export interface ApiEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify route pattern, e.g. `/api/v2/course/:id`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** `member`: needs a token; `optional`: serves guests, shows more to members. Default `none`. */
  auth?: 'none' | 'member' | 'optional';
  /** Path parameters other than numeric ids (those are documented as positive integers). */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart upload: the file field's name. */
  upload?: { field: string; description: string };
  /** When the route exists only in some setups (e.g. development providers); else always. */
  condition?: string;
  /** What comes back: the JSON envelope (default) or another content type, or a 302 redirect. */
  answers?:
    'envelope' | 'application/json' | 'text/html' | 'text/plain' | 'application/octet-stream' | 'redirect';
  /** What the envelope's `data` holds, or what the body is. */
  response: string;
}

const OPS: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    summary: 'Liveness: the process is up',
    answers: 'application/json',
    response: '`{"status":"ok"}` whenever the process can answer',
  },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    summary: 'Readiness: the database and Redis answer',
    answers: 'application/json',
    response:
      '200 `{"status":"ok","checks":{"database":"ok","redis":"ok|not used"}}`; 503 with `"status":"unavailable"` and the failing check',
  },
  {
    method: 'GET',
    path: '/metrics',
    tag: 'operations',
    summary: 'Prometheus metrics of this node',
    answers: 'text/plain',
    response:
      'Prometheus text format: HTTP requests and latency by route, job runs, database pool, process figures',
  },
  {
    method: 'GET',
    path: '/api/docs/openapi.json',
    tag: 'operations',
    summary: 'This OpenAPI document',
    answers: 'application/json',
    response: 'OpenAPI 3.1 document of every endpoint',
  },
  {
    method: 'GET',
    path: '/api/docs',
    tag: 'operations',
    summary: 'Browsable API documentation',
    answers: 'text/html',
    response: 'HTML page rendering this document',
  },
];

const SYSTEM: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v2/other/config',
    tag: 'system',
    summary: 'Site configuration (api-contract §3.1)',
    response:
      'name, logo, protocol URLs, player, member and socialite switches, credit rewards, sliders and navs',
  },
  {
    method: 'GET',
    path: '/api/v3/status',
    tag: 'system',
    summary: 'API status',
    response: '`{"status":"ok"}`',
  },
  ...(
    [
      ['/user/protocol', '用户协议 (user agreement)'],
      ['/user/private_protocol', '隐私协议 (privacy policy)'],
      ['/vip/protocol', '会员服务协议 (VIP service agreement)'],
      ['/user/paid_content_purchase_protocol', '付费内容购买协议 (paid content purchase agreement)'],
      ['/aboutus', '关于我们 (about us)'],
    ] as const
  ).map(([path, title]): ApiEndpoint => ({
    method: 'GET',
    path,
    tag: 'system',
    summary: `${title} page`,
    answers: 'text/html',
    response: 'HTML page with the text of the matching site setting',
  })),
];

const AUTH: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v2/captcha/image',
    tag: 'auth',
    summary: 'New image captcha (api-contract §4.1)',
    response:
      '`{key, img, sensitive}`: `img` is a data URL; send `key` with the answer to /api/v2/captcha/sms',
  },
  {
    method: 'POST',
    path: '/api/v2/captcha/sms',
    tag: 'auth',
    summary: 'Send an SMS code for a scene (api-contract §4.2)',
    description: 'One SMS per mobile per 60 s; the code lives 300 s, serves once and only for its scene.',
    body: sendSmsBody,
    response: '`[]`',
  },
  {
    method: 'POST',
    path: '/api/v2/login/mobile',
    tag: 'auth',
    summary: 'Log in (or register) with an SMS code (api-contract §5.1)',
    body: mobileLoginBody,
    response: '`{token}`',
  },
  {
    method: 'POST',
    path: '/api/v2/login/password',
    tag: 'auth',
    summary: 'Log in with mobile and password (api-contract §5.2)',
    body: passwordLoginBody,
    response: '`{token}`',
  },
  {
    method: 'POST',
    path: '/api/v2/logout',
    tag: 'auth',
    auth: 'member',
    summary: 'Log out: the token stops working on every node',
    response: '`[]`',
  },
];

const qqOnly = z.object({ app: z.enum(['qq']) });

const SOCIAL: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v3/auth/login/socialite/:app',
    tag: 'social login',
    summary: 'Start a QQ login or binding — browser navigation (api-contract §12.1)',
    description:
      'Only `app=qq` exists. `action=bind` needs a `ticket` from `POST /api/v3/member/socialite/bindTicket` (the login token never goes in a URL).',
    params: qqOnly,
    query: socialStartQuery,
    answers: 'redirect',
    response: 'Redirect to the QQ consent page, or to `f_url` with the reason',
  },
  {
    method: 'GET',
    path: '/api/v3/auth/login/wechat/oauth',
    tag: 'social login',
    summary: 'Start a WeChat official-account login or binding — browser navigation (api-contract §12.1)',
    description: '`action=bind` needs a `ticket` from `POST /api/v3/member/socialite/bindTicket`.',
    query: socialStartQuery,
    answers: 'redirect',
    response: 'Redirect to the WeChat OAuth page, or to `f_url` with the reason',
  },
  {
    method: 'GET',
    path: '/api/v3/auth/login/socialite/qq/callback',
    tag: 'social login',
    summary: 'QQ returns here with `code` and `state` (api-contract §12.2)',
    answers: 'redirect',
    response: 'Redirect to `s_url` with `login_code` and `action`, or to `f_url` with the reason',
  },
  {
    method: 'GET',
    path: '/api/v3/auth/login/wechat/callback',
    tag: 'social login',
    summary: 'WeChat returns here with `code` and `state` (api-contract §12.2)',
    answers: 'redirect',
    response: 'Redirect to `s_url` with `login_code` and `action`, or to `f_url` with the reason',
  },
  {
    method: 'POST',
    path: '/api/v3/auth/login/code',
    tag: 'social login',
    summary: 'Exchange a `login_code` for a token (api-contract §12.3)',
    body: loginCodeBody,
    response:
      '`{success: 1, token}` for a known account, or `{success: 0, action: "bind_mobile", code}` when a mobile must be bound first',
  },
  {
    method: 'POST',
    path: '/api/v3/auth/register/withSocialite',
    tag: 'social login',
    summary: 'Create an account for a social login with a verified mobile (api-contract §12.4)',
    body: registerWithSocialiteBody,
    response: '`{token}`',
  },
  {
    method: 'POST',
    path: '/api/v3/member/socialite/bindTicket',
    tag: 'social login',
    auth: 'member',
    summary: 'A single-use, 5-minute ticket that starts a QQ / WeChat bind by browser navigation',
    response: '`{ticket, expires_in}`',
  },
  {
    method: 'POST',
    path: '/api/v3/member/socialite/bindWithCode',
    tag: 'social login',
    auth: 'member',
    summary: 'Bind the social account behind a `login_code` to the member (api-contract §12.5)',
    body: loginCodeBody,
    response: '`[]`',
  },
  {
    method: 'DELETE',
    path: '/api/v2/member/socialite/:app',
    tag: 'social login',
    auth: 'member',
    summary: 'Unbind QQ or WeChat (api-contract §12.6)',
    params: socialiteAppParams,
    response: '`[]`',
  },
];

const MEMBER: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v2/member/detail',
    tag: 'member',
    auth: 'member',
    summary: "The member's profile (api-contract §6.1)",
    response:
      '`MemberDetail` (packages/contract/src/member.ts): id, avatar, nick_name, mobile, VIP role and expiry, credits, binding and verification flags',
  },
  {
    method: 'POST',
    path: '/api/v2/member/detail/avatar',
    tag: 'member',
    auth: 'member',
    summary: 'Upload a new avatar (api-contract §6.2)',
    upload: { field: AVATAR_FIELD, description: 'JPEG, PNG or WebP, at most 1 MB' },
    response: '`[]`',
  },
  {
    method: 'POST',
    path: '/api/v2/member/detail/nickname',
    tag: 'member',
    auth: 'member',
    summary: 'Change the nickname (api-contract §6.3)',
    body: nicknameBody,
    response: '`[]`',
  },
  {
    method: 'POST',
    path: '/api/v2/member/detail/password',
    tag: 'member',
    auth: 'member',
    summary: 'Set or reset the password with an SMS code, scene `password_reset` (api-contract §6.4)',
    body: passwordBody,
    response: '`[]`',
  },
  {
    method: 'POST',
    path: '/api/v2/password/reset',
    tag: 'auth',
    summary:
      '忘记密码: set a new password with an SMS code, scene `password_reset`; signs out every session (MeEdu compatible)',
    body: passwordBody,
    response: '`[]`',
  },
  {
    method: 'POST',
    path: '/api/v2/member/detail/mobile',
    tag: 'member',
    auth: 'member',
    summary: 'Bind a mobile to an account without one, SMS scene `mobile_bind` (api-contract §6.6)',
    body: bindMobileBody,
    response: '`[]`',
  },
  {
    method: 'POST',
    path: '/api/v2/member/verify',
    tag: 'member',
    auth: 'member',
    summary: 'Prove ownership of the current mobile before changing it (api-contract §6.5)',
    body: verifyMobileBody,
    response: '`{sign}`: pass it to PUT /api/v2/member/mobile',
  },
  {
    method: 'PUT',
    path: '/api/v2/member/mobile',
    tag: 'member',
    auth: 'member',
    summary: 'Change the mobile, with the `sign` of /api/v2/member/verify (api-contract §6.7)',
    body: changeMobileBody,
    response: '`[]`',
  },
  {
    method: 'POST',
    path: '/api/v3/member/destroy',
    tag: 'member',
    auth: 'member',
    summary: 'Request account deletion (api-contract §6.8)',
    description:
      'The account is deleted after a 7-day grace period by the `execute-account-deletions` job; logging in again cancels the request.',
    response: '`[]`',
  },
];

const FACE_VERIFY: ApiEndpoint[] = [
  {
    method: 'POST',
    path: '/api/v3/member/tencent/faceVerify',
    tag: 'member',
    auth: 'member',
    summary: 'Start real-name face verification (api-contract §13.1)',
    body: faceVerifyStartBody,
    response:
      '`FaceVerifyStart`: `{url, rule_id, biz_token, request_id}`; open `url`, the vendor returns to `s_url`',
  },
  {
    method: 'GET',
    path: '/api/v3/member/tencent/faceVerify',
    tag: 'member',
    auth: 'member',
    summary: 'Result of a face verification (api-contract §13.2)',
    query: faceVerifyQuery,
    response: '`{status}`: 9 verified, 5 not (yet) verified',
  },
];

const MESSAGES: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v2/member/messages',
    tag: 'messages',
    auth: 'member',
    summary: 'Inbox, newest first (api-contract §10.1)',
    query: messagesQuery,
    response: '`{data: [{id, notifiable_id, data: {message}, read_at, created_at}], total}`',
  },
  {
    method: 'GET',
    path: '/api/v2/member/notificationMarkAsRead/:id',
    tag: 'messages',
    auth: 'member',
    summary: 'Mark one message read (api-contract §10.2)',
    response: '`[]`',
  },
  {
    method: 'GET',
    path: '/api/v2/member/notificationMarkAllAsRead',
    tag: 'messages',
    auth: 'member',
    summary: 'Mark every message read (api-contract §10.4)',
    response: '`[]`',
  },
  {
    method: 'GET',
    path: '/api/v2/member/unreadNotificationCount',
    tag: 'messages',
    auth: 'member',
    summary: 'Number of unread messages (api-contract §10.3)',
    response: 'an integer',
  },
];

const COURSES: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v2/course_categories',
    tag: 'courses',
    summary: 'Course categories with their children (api-contract §7.1)',
    response: '`CourseCategory[]` (packages/contract/src/courses.ts)',
  },
  {
    method: 'GET',
    path: '/api/v2/courses',
    tag: 'courses',
    summary: 'Published courses, paginated (api-contract §7.2)',
    query: courseListQuery,
    response: '`CourseListPage`: a Laravel paginator of `CourseListItem`',
  },
  {
    method: 'GET',
    path: '/api/v2/course/:id',
    tag: 'courses',
    auth: 'optional',
    summary: 'Course detail with chapters, videos and attachments (api-contract §7.3)',
    response: '`CourseDetail`; with a token also `is_buy`, `is_like` and watch progress',
  },
  {
    method: 'GET',
    path: '/api/v2/course/:id/comments',
    tag: 'courses',
    summary: 'Newest 200 comments of a course (api-contract §7.4)',
    response: '`CommentList`: `{comments, users}`',
  },
  {
    method: 'POST',
    path: '/api/v2/course/:id/comment',
    tag: 'courses',
    auth: 'member',
    summary: 'Comment on a course (api-contract §7.4)',
    body: commentBody,
    response: '`[]`',
  },
  {
    method: 'GET',
    path: '/api/v2/course/:id/like',
    tag: 'courses',
    auth: 'member',
    summary: "Toggle the course in the member's favourites (api-contract §7.5)",
    response: '1 when now liked, 0 when no longer liked',
  },
  {
    method: 'GET',
    path: '/api/v2/course/attach/:id/download',
    tag: 'courses',
    auth: 'member',
    summary: 'Download a course attachment — browser navigation (api-contract §7.6)',
    description:
      'Use the `download_url` of `GET /api/v3/course/{courseId}/attach/{id}`: it carries a single-use `ticket`. `?token=` still works for MeEdu clients.',
    answers: 'application/octet-stream',
    response: 'The file (or a redirect to it); the usual envelope when not allowed',
  },
  {
    method: 'GET',
    path: '/api/v3/course/:courseId/attach/:id',
    tag: 'courses',
    auth: 'member',
    summary: 'Download address of a course attachment, with a single-use 5-minute ticket (MeEdu HEAD)',
    response: '`{download_url}`',
  },
  {
    method: 'GET',
    path: '/api/v2/video/:id',
    tag: 'videos',
    auth: 'optional',
    summary: 'Video detail with its course and chapters (api-contract §7.7)',
    response: '`VideoDetail`',
  },
  {
    method: 'GET',
    path: '/api/v2/video/:id/playinfo',
    tag: 'videos',
    auth: 'member',
    summary: 'Play URLs of a video; `?is_try=1` asks for the free trial (api-contract §7.8)',
    response: '`PlayInfo`: `{urls: [{url, format, duration, name}], trial_seconds}`',
  },
  {
    method: 'POST',
    path: '/api/v2/video/:id/record',
    tag: 'videos',
    auth: 'member',
    summary: 'Record the watch position in seconds (api-contract §7.9)',
    body: videoRecordBody,
    response: '`[]`',
  },
  {
    method: 'GET',
    path: '/api/v2/video/:id/comments',
    tag: 'videos',
    summary: 'Newest 200 comments of a video (api-contract §7.10)',
    response: '`CommentList`: `{comments, users}`',
  },
  {
    method: 'POST',
    path: '/api/v2/video/:id/comment',
    tag: 'videos',
    auth: 'member',
    summary: 'Comment on a video the member may watch (api-contract §7.10)',
    body: commentBody,
    response: '`[]`',
  },
];

const STUDY: ApiEndpoint[] = (
  [
    ['/api/v3/member/courses', 'Courses the member bought or was granted (订阅)', '`BoughtCourseList`'],
    ['/api/v3/member/courses/like', 'Courses the member liked (收藏)', '`LikedCourseList`'],
    [
      '/api/v3/member/courses/learned',
      'Courses the member studied, latest first (在学)',
      '`LearnedCourseList`',
    ],
  ] as const
).map(([path, summary, response]): ApiEndpoint => ({
  method: 'GET',
  path,
  tag: 'study',
  auth: 'member',
  summary: `${summary} (api-contract §8)`,
  query: studyListQuery,
  response: `${response}: \`{data, total}\``,
}));

const DISCOVERY: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v3/search',
    tag: 'home and search',
    summary: 'Search courses and videos by keywords (api-contract §11)',
    query: searchQuery,
    response: '`SearchResult`: `{data: SearchItem[], total}`',
  },
  {
    method: 'GET',
    path: '/api/v2/viewBlock/page/blocks',
    tag: 'home and search',
    summary: 'Home page decoration blocks (api-contract §14)',
    query: viewBlocksQuery,
    response: '`ViewBlockList`: sliders, grid navs, course lists, images, blank space, official-account card',
  },
  {
    method: 'GET',
    path: '/api/v2/decorationPage/blocks',
    tag: 'home and search',
    summary: 'Home page blocks, later MeEdu path (only `page_name`; platform is h5)',
    query: viewBlocksQuery,
    response: '`ViewBlockList`',
  },
];

const ORDERS: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v2/roles',
    tag: 'orders',
    summary: 'VIP plans on sale (api-contract §9.1)',
    response: '`VipRole[]` by weight',
  },
  {
    method: 'GET',
    path: '/api/v2/role/:id',
    tag: 'orders',
    summary: 'One VIP plan',
    response: '`VipRole`',
  },
  {
    method: 'GET',
    path: '/api/v2/promoCode/:code/check',
    tag: 'orders',
    auth: 'member',
    summary: 'Whether the member may use a promo code (api-contract §9.3)',
    response: '`PromoCodeCheck`: `{can_use, promo_code}`; an unknown code is `{can_use: 0, promo_code: []}`',
  },
  {
    method: 'GET',
    path: '/api/v2/promoCode/:code',
    tag: 'orders',
    summary: 'A promo code by its code',
    response: '`PromoCode`',
  },
  {
    method: 'POST',
    path: '/api/v2/order/course',
    tag: 'orders',
    auth: 'member',
    summary: 'Create an order for a course (api-contract §9.4)',
    body: createCourseOrderBody,
    response:
      '`CreatedOrder`; `status_text` 已支付 when a promo code paid it all. Unpaid orders are cancelled after 60 minutes.',
  },
  {
    method: 'POST',
    path: '/api/v2/order/role',
    tag: 'orders',
    auth: 'member',
    summary: 'Create an order for a VIP plan (api-contract §9.4)',
    body: createRoleOrderBody,
    response: '`CreatedOrder`',
  },
  {
    method: 'GET',
    path: '/api/v2/member/orders',
    tag: 'orders',
    auth: 'member',
    summary: "The member's orders, newest first (api-contract §9.6)",
    query: memberOrdersQuery,
    response: '`MemberOrdersPage`: a Laravel paginator of `MemberOrder`',
  },
  {
    method: 'GET',
    path: '/api/v2/order/status',
    tag: 'orders',
    auth: 'member',
    summary: "Status of one of the member's orders (what the payment result page polls)",
    query: orderStatusQuery,
    response: '`{status, status_text}`: 9 paid',
  },
];

const PAYMENTS: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/v2/order/payments',
    tag: 'payments',
    auth: 'member',
    summary: 'Payment methods offered in a scene (api-contract §9.2)',
    query: paymentsQuery,
    response: '`PaymentMethod[]`: `{sign, name, icon}`',
  },
  {
    method: 'POST',
    path: '/api/v3/order/pay/ticket',
    tag: 'payments',
    auth: 'member',
    summary: 'Step 1 of a browser payment: a single-use ticket for /api/v2/order/pay/redirect',
    body: payTicketBody,
    response: '`PayTicket`: `{ticket, expires_in}`',
  },
  {
    method: 'GET',
    path: '/api/v2/order/pay/redirect',
    tag: 'payments',
    summary: 'Step 2 of a browser payment: go to the gateway cashier (api-contract §9.5)',
    description: 'Authenticated by the `ticket` of step 1, never by a login token in the URL.',
    query: payRedirectQuery,
    answers: 'redirect',
    response: "Redirect to the gateway's cashier page; the usual envelope when the order cannot be paid",
  },
  {
    method: 'POST',
    path: '/api/v3/order/pay/handPay',
    tag: 'payments',
    auth: 'member',
    summary: 'Pay by manual transfer (api-contract §9.5)',
    body: handPayBody,
    response: '`{text}`: the transfer instructions (HTML from the site settings)',
  },
  {
    method: 'GET',
    path: '/api/v2/order/pay/handPay',
    tag: 'payments',
    auth: 'member',
    summary: 'Manual transfer instructions',
    response: '`{text}`',
  },
  {
    method: 'POST',
    path: '/payment/callback/alipay',
    tag: 'payment gateways',
    summary: 'Alipay asynchronous notification (server to server, signature checked)',
    answers: 'text/plain',
    response: '`success` once the notification is verified and applied; 404 when Alipay is not configured',
  },
  {
    method: 'POST',
    path: '/payment/callback/wechat',
    tag: 'payment gateways',
    summary: 'WeChat Pay v3 notification (server to server, signature checked, resource decrypted)',
    answers: 'application/json',
    response: "WeChat's `{code, message}` acknowledgement; 404 when WeChat Pay is not configured",
  },
  {
    method: 'GET',
    path: '/payment/wechat/jsapi',
    tag: 'payment gateways',
    summary: 'WeChat JSAPI payment page, reached back from the silent OAuth step',
    answers: 'text/html',
    response: 'Page that opens the WeChat Pay sheet, then returns to the order page',
  },
  {
    method: 'GET',
    path: '/payment/sandbox/:session',
    tag: 'payment gateways',
    summary: '模拟支付: the sandbox cashier page (never in production)',
    answers: 'text/html',
    response: 'Page with 支付成功 / 取消 buttons; 404 when the sandbox gateway is off',
  },
  {
    method: 'POST',
    path: '/payment/sandbox/:session',
    tag: 'payment gateways',
    summary: '模拟支付: pay or cancel the sandbox session (form field `action`)',
    answers: 'redirect',
    response: 'Redirect (303) to the return or quit URL of the order',
  },
];

const DEVELOPMENT_PROVIDERS =
  'only with the development provider, i.e. when the vendor credentials are not configured (never in production)';

const DEVELOPMENT: ApiEndpoint[] = [
  ...(['qq', 'wechat'] as const).flatMap((app): ApiEndpoint[] => [
    {
      method: 'GET',
      path: `/api/v3/dev/oauth/${app}/authorize`,
      tag: 'development',
      summary: `Simulated ${app === 'qq' ? 'QQ' : 'WeChat'} consent page`,
      condition: DEVELOPMENT_PROVIDERS,
      answers: 'text/html',
      response: 'A form where any openid can be entered',
    },
    {
      method: 'GET',
      path: `/api/v3/dev/oauth/${app}/approve`,
      tag: 'development',
      summary: `Simulated ${app === 'qq' ? 'QQ' : 'WeChat'} approval`,
      condition: DEVELOPMENT_PROVIDERS,
      answers: 'redirect',
      response: 'Redirect to our OAuth callback with a code',
    },
  ]),
  {
    method: 'GET',
    path: '/api/v3/dev/faceid/verify',
    tag: 'development',
    summary: 'Simulated face verification page',
    condition: DEVELOPMENT_PROVIDERS,
    answers: 'text/html',
    response: 'A form to pass or fail the verification',
  },
  {
    method: 'GET',
    path: '/api/v3/dev/faceid/complete',
    tag: 'development',
    summary: 'Finish a simulated face verification',
    condition: DEVELOPMENT_PROVIDERS,
    answers: 'redirect',
    response: 'Redirect to the `s_url` given when the verification started',
  },
];

/** Every endpoint the server registers; ops/openapi.test.ts fails when one is missing here. */
const MEDIA_NOTE =
  'Reached only through the signed address playinfo answers (or a playlist it leads to); ' +
  'a missing, forged, expired or other-video `t` answers 403.';

const MEDIA: ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/media/hls/:videoId/:scope/master.m3u8',
    tag: 'videos',
    summary: 'Master playlist of a protected video (full ladder or the trial rendition)',
    description: `${MEDIA_NOTE} The member's entitlement is checked on every request.`,
    params: mediaPlaylistParams,
    query: mediaGrantQuery,
    answers: 'text/plain',
    response: 'HLS master playlist (`application/vnd.apple.mpegurl`), never cached',
  },
  {
    method: 'GET',
    path: '/media/hls/:videoId/:scope/:rendition/index.m3u8',
    tag: 'videos',
    summary: 'Media playlist of one rendition, with signed key and segment addresses',
    description: `${MEDIA_NOTE} The member's entitlement is checked on every request.`,
    params: mediaPlaylistParams,
    query: mediaGrantQuery,
    answers: 'text/plain',
    response: 'HLS media playlist (`#EXT-X-KEY:METHOD=AES-128`), never cached',
  },
  {
    method: 'GET',
    path: '/media/hls/:videoId/:scope/key',
    tag: 'videos',
    summary: 'The AES-128 key of a protected video, for an entitled member only',
    description: `${MEDIA_NOTE} Bought, VIP, free or trial (trial scope only) is re-checked on every request.`,
    params: mediaPlaylistParams,
    query: mediaGrantQuery,
    answers: 'application/octet-stream',
    response: '16 bytes, never cached',
  },
  {
    method: 'GET',
    path: '/media/seg/:videoId/:generation/:scope/:rendition/:segment',
    tag: 'videos',
    summary: 'An AES-128 encrypted MPEG-TS segment (CDN-cacheable)',
    description: MEDIA_NOTE,
    params: mediaSegmentParams,
    query: mediaGrantQuery,
    answers: 'application/octet-stream',
    response: 'encrypted `video/mp2t` bytes, cacheable for a year',
  },
];

export const API_CATALOGUE: readonly ApiEndpoint[] = [
  ...OPS,
  ...SYSTEM,
  ...AUTH,
  ...SOCIAL,
  ...MEMBER,
  ...FACE_VERIFY,
  ...MESSAGES,
  ...COURSES,
  ...MEDIA,
  ...STUDY,
  ...DISCOVERY,
  ...ORDERS,
  ...PAYMENTS,
  ...DEVELOPMENT,
];
