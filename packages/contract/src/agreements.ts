import { defineEndpoint } from './endpoint';
import { emptyData } from './shapes';

export const agreementsApi = {
  agree: defineEndpoint({
    method: 'POST',
    path: '/api/v2/member/agreement/agree',
    tag: 'member',
    auth: 'member',
    summary: 'Accept the published user agreement and privacy policy',
    data: emptyData,
    note: 'records the version, time, IP, user agent and `meedu-platform` of each; repeating refreshes the time',
  }),
};
