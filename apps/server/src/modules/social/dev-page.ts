export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A bare mobile page for the development vendor simulations, clearly marked as such. */
export function devPage(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:15px/1.6 -apple-system,'PingFang SC',sans-serif;margin:0;padding:24px;color:#333;background:#f6f6f6}main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}h1{font-size:20px;margin:0 0 8px}.note{color:#c25e00;font-size:13px;margin:0 0 20px}label{display:block;margin:12px 0 4px;font-size:14px}input{box-sizing:border-box;width:100%;padding:10px;border:1px solid #ddd;border-radius:4px;font-size:15px}button{width:100%;margin-top:20px;padding:12px;border:0;border-radius:4px;background:#3ca7fa;color:#fff;font-size:16px}button.secondary{background:#fff;color:#666;border:1px solid #ddd;margin-top:12px}</style></head><body><main><h1>${escapeHtml(title)}</h1><p class="note">开发环境模拟页面，不会连接真实服务</p>${body}</main></body></html>`;
}
