import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/http/envelope';
import type { SettingKey } from '../../shared/settings/definitions';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import { buildSiteConfig } from './site-config';

const PROTOCOL_PAGES: { path: string; title: string; setting: SettingKey }[] = [
  { path: '/user/protocol', title: '用户协议', setting: 'protocol.user' },
  { path: '/user/private_protocol', title: '隐私协议', setting: 'protocol.private' },
  { path: '/vip/protocol', title: '会员服务协议', setting: 'protocol.vip' },
  {
    path: '/user/paid_content_purchase_protocol',
    title: '付费内容购买协议',
    setting: 'protocol.paid_content',
  },
  { path: '/aboutus', title: '关于我们', setting: 'aboutus' },
];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export default async function systemRoutes(app: FastifyInstance) {
  const { settings, env } = app.services;
  // The config answer changes only with the settings, so its JSON text is built once per version.
  let cachedConfig: { version: number; body: string } | undefined;

  const configBody = (snapshot: SettingsSnapshot) => {
    if (cachedConfig?.version !== snapshot.version) {
      cachedConfig = {
        version: snapshot.version,
        body: JSON.stringify(ok(buildSiteConfig(snapshot, env.appUrl))),
      };
    }
    return cachedConfig.body;
  };

  // The most requested endpoint: answered without a promise while the settings cache is fresh.
  app.get('/api/v2/other/config', (_request, reply) => {
    reply.type('application/json; charset=utf-8');
    const fresh = settings.freshSnapshot();
    if (fresh) return reply.send(configBody(fresh));
    return settings.snapshot().then((snapshot) => reply.send(configBody(snapshot)));
  });

  app.get('/api/v3/status', async () => ok({ status: 'ok' }));

  for (const page of PROTOCOL_PAGES) {
    app.get(page.path, async (_request, reply) => {
      const snapshot = await settings.snapshot();
      const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(page.title)} - ${escapeHtml(snapshot.text('name'))}</title><style>body{font:15px/1.7 -apple-system,'PingFang SC',sans-serif;margin:0;padding:16px;color:#333}</style></head><body><h1 style="font-size:18px">${escapeHtml(page.title)}</h1>${snapshot.text(page.setting)}</body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }
}
