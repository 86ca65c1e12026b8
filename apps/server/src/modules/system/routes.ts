import type { FastifyInstance } from 'fastify';
import { systemApi } from '@kezhan/contract/config';
import { ok } from '../../shared/http/envelope';
import { checkResponse, route } from '../../shared/http/route';
import { withAbsoluteUrls } from '../../shared/http/public-urls';
import type { SettingKey } from '../../shared/settings/definitions';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import { buildSiteConfig } from './site-config';
import { PreparedJsonAnswer } from '../../shared/http/prepared-answer';

const PROTOCOL_PAGES: { endpoint: (typeof systemApi)['userProtocol']; title: string; setting: SettingKey }[] =
  [
    { endpoint: systemApi.userProtocol, title: '用户协议', setting: 'protocol.user' },
    { endpoint: systemApi.privacyProtocol, title: '隐私协议', setting: 'protocol.private' },
    { endpoint: systemApi.vipProtocol, title: '会员服务协议', setting: 'protocol.vip' },
    { endpoint: systemApi.vipProtocolFormer, title: '会员服务协议', setting: 'protocol.vip' },
    { endpoint: systemApi.paidContentProtocol, title: '付费内容购买协议', setting: 'protocol.paid_content' },
    { endpoint: systemApi.aboutUs, title: '关于我们', setting: 'aboutus' },
  ];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export default async function systemRoutes(app: FastifyInstance) {
  const { settings, env } = app.services;
  // The config answer changes only with the settings, so it is prepared once per version: its JSON
  // text and, when it is large enough, its compressed copies.
  let cachedConfig: { version: number; answer: PreparedJsonAnswer } | undefined;

  const configAnswer = (snapshot: SettingsSnapshot) => {
    if (cachedConfig?.version !== snapshot.version) {
      // Sent as prepared text, so route() does not see it: the same absolute-address rule here.
      const config = withAbsoluteUrls(buildSiteConfig(snapshot, env.appUrl), env.appUrl);
      // Built once per settings version, so checked here rather than on every answer.
      if (app.checkResponses) checkResponse(systemApi.config, config);
      cachedConfig = {
        version: snapshot.version,
        answer: new PreparedJsonAnswer(JSON.stringify(ok(config))),
      };
    }
    return cachedConfig.answer;
  };

  // The most requested endpoint: answered without a promise while the settings cache is fresh.
  route(app, systemApi.config, { precompressed: true }, (request, reply) => {
    const fresh = settings.freshSnapshot();
    if (fresh) return configAnswer(fresh).send(request, reply);
    return settings.snapshot().then((snapshot) => configAnswer(snapshot).send(request, reply));
  });

  route(app, systemApi.status, async () => ok({ status: 'ok' as const }));

  for (const page of PROTOCOL_PAGES) {
    route(app, page.endpoint, async (_request, reply) => {
      const snapshot = await settings.snapshot();
      const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(page.title)} - ${escapeHtml(snapshot.text('name'))}</title><style>body{font:15px/1.7 -apple-system,'PingFang SC',sans-serif;margin:0;padding:16px;color:#333}</style></head><body><h1 style="font-size:18px">${escapeHtml(page.title)}</h1>${snapshot.text(page.setting)}</body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }
}
