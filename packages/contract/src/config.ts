import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const numberOrText = z.union([z.number(), z.string()]);

/** `GET /api/v2/other/config`. Types are exact: the h5 compares with ===. */
export const siteConfig = z.strictObject({
  webname: z.string(),
  name: z.string(),
  logo: z.strictObject({ logo: z.string(), white_logo: z.string() }),
  url: z.string(),
  pc_url: z.string(),
  h5_url: z.string(),
  icp: z.string(),
  icp_link: z.string(),
  icp2: z.string(),
  icp2_link: z.string(),
  user_protocol: z.string(),
  user_private_protocol: z.string(),
  vip_protocol: z.string(),
  /** Kezhan: the agreement a member accepts before buying a course (older MeEdu servers omit it). */
  paid_content_purchase_protocol: z.string(),
  aboutus: z.string(),
  /** 购买须知: HTML shown under a course's description (2026 clients), `''` when unset. */
  course_purchase_notice: z.string(),
  player: z.strictObject({
    cover: z.string(),
    enabled_bullet_secret: numberOrText,
    bullet_secret: z.strictObject({
      size: numberOrText,
      color: z.string(),
      opacity: numberOrText,
      text: z.string(),
    }),
  }),
  member: z.strictObject({ enabled_mobile_bind_alert: z.number(), enabled_face_verify: z.boolean() }),
  socialites: z.strictObject({ qq: z.number(), wechat_scan: z.number(), wechat_oauth: z.number() }),
  credit1_reward: z.strictObject({
    register: z.number(),
    watched_vod_course: z.number(),
    watched_video: z.number(),
    paid_order: numberOrText,
  }),
  enabled_addons: z.array(z.string()),
  sliders: z.array(z.unknown()),
  navs: z.array(z.unknown()),
  links: z.array(z.unknown()),
});
export type SiteConfig = z.infer<typeof siteConfig>;

const protocolPage = (path: string, title: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    tag: 'system',
    summary: `${title} page`,
    answers: 'text/html',
    note: 'HTML page with the text of the matching site setting',
  });

export const systemApi = {
  config: defineEndpoint({
    method: 'GET',
    path: '/api/v2/other/config',
    tag: 'system',
    summary: 'Site configuration',
    data: siteConfig,
    note: 'name, logo, protocol URLs, player, member and socialite switches, credit rewards, sliders and navs',
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/v3/status',
    tag: 'system',
    summary: 'API status',
    data: z.strictObject({ status: z.literal('ok') }),
  }),
  userProtocol: protocolPage('/user/protocol', '用户协议 (user agreement)'),
  privacyProtocol: protocolPage('/user/private_protocol', '隐私协议 (privacy policy)'),
  vipProtocol: protocolPage('/user/vip_protocol', '会员服务协议 (VIP service agreement)'),
  vipProtocolFormer: protocolPage('/vip/protocol', '会员服务协议 (VIP service agreement, former address)'),
  paidContentProtocol: protocolPage(
    '/user/paid_content_purchase_protocol',
    '付费内容购买协议 (paid content purchase agreement)',
  ),
  aboutUs: protocolPage('/aboutus', '关于我们 (about us)'),
};

/** Operating endpoints: not envelopes, for load balancers, monitoring and developers. */
export const opsApi = {
  health: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    summary: 'Liveness: the process is up',
    answers: 'application/json',
    schema: z.strictObject({ status: z.literal('ok') }),
    note: '`{"status":"ok"}` whenever the process can answer',
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    summary: 'Readiness: the database and Redis answer',
    answers: 'application/json',
    note: '200 `{"status":"ok","checks":{"database":"ok","redis":"ok|not used"}}`; 503 with `"status":"unavailable"` and the failing check',
  }),
  metrics: defineEndpoint({
    method: 'GET',
    path: '/metrics',
    tag: 'operations',
    summary: 'Prometheus metrics of this node',
    answers: 'text/plain',
    note: 'Prometheus text format: HTTP requests and latency by route, job runs, database pool, process figures',
  }),
  openApi: defineEndpoint({
    method: 'GET',
    path: '/api/docs/openapi.json',
    tag: 'operations',
    summary: 'This OpenAPI document',
    answers: 'application/json',
    note: 'OpenAPI 3.1 document of every endpoint',
  }),
  docs: defineEndpoint({
    method: 'GET',
    path: '/api/docs',
    tag: 'operations',
    summary: 'Browsable API documentation',
    answers: 'text/html',
    note: 'HTML page rendering this document',
  }),
};
