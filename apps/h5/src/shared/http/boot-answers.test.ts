import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from './api-base';
import { resetBootAnswers } from './boot-answers';
import { http } from './client';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function inline(answers: Record<string, unknown> | string) {
  const element = document.createElement('script');
  element.id = 'kezhan-boot';
  element.type = 'application/json';
  element.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.head.append(element);
}

const fromPage = { code: 0, message: '', data: { name: '页面里的配置' } };
const fromNetwork = { code: 0, message: '', data: { name: '网络上的配置' } };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => json(fromNetwork));
  vi.stubGlobal('fetch', fetchMock);
  setApiBase(null);
  resetBootAnswers();
});

afterEach(() => {
  document.getElementById('kezhan-boot')?.remove();
  vi.unstubAllGlobals();
});

describe('answers inlined into the page', () => {
  it('are found whatever the order of the query parameters', async () => {
    inline({ '/api/v2/courses?category_id=0&page=1&page_size=10&scene=': fromPage });
    expect(await http.get('/api/v2/courses', { page: 1, page_size: 10, category_id: 0, scene: '' })).toEqual(
      fromPage,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('serve the first request for their address without the network, then the network serves', async () => {
    inline({ '/api/v2/viewBlock/page/blocks?page_name=h5-page-index&platform=h5': fromPage });
    const query = { platform: 'h5', page_name: 'h5-page-index' };
    expect(await http.get('/api/v2/viewBlock/page/blocks', query)).toEqual(fromPage);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await http.get('/api/v2/viewBlock/page/blocks', query)).toEqual(fromNetwork);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not used for another address, another method, a failed answer or another API base', async () => {
    inline({ '/api/v2/other/config': { code: 1, message: '出错了', data: [] } });
    expect(await http.get('/api/v2/other/config')).toEqual(fromNetwork);

    resetBootAnswers();
    document.getElementById('kezhan-boot')?.remove();
    inline({ '/api/v2/other/config': fromPage });
    expect(await http.get('/api/v2/other/config', { extra: 1 })).toEqual(fromNetwork);
    expect(await http.post('/api/v2/other/config')).toEqual(fromNetwork);
    setApiBase('https://meedu.example.com');
    expect(await http.get('/api/v2/other/config')).toEqual(fromNetwork);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('ignore a damaged block', async () => {
    inline('{"/api/v2/other/config": ');
    expect(await http.get('/api/v2/other/config')).toEqual(fromNetwork);
  });
});
