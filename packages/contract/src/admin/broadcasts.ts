import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { requiredText } from '../validation';
import { adminBroadcastBody } from './members';

/**
 * What the console's message form asks before it sends (the broadcasts themselves are declared
 * with the members' endpoints): who a member is, found by mobile or nickname, and how many
 * members the chosen audience is, for the confirmation.
 */

/** The audience of a broadcast without its message: the same fields and messages as sending. */
export const adminBroadcastAudienceQuery = adminBroadcastBody.omit({ message: true });

export const adminRecipientQuery = z.object({
  /** The beginning of a mobile, or part of a nickname. */
  keyword: requiredText('请输入学员手机号或昵称', 32),
});

/** A member offered by the picker; the mobile is masked (138****0000): sending needs no more. */
export const adminRecipient = z.strictObject({
  id: z.number(),
  nick_name: z.string(),
  mobile: z.string(),
});
export type AdminRecipient = z.infer<typeof adminRecipient>;

/** At most this many members are offered for one search. */
export const RECIPIENT_SEARCH_LIMIT = 20;

const base = { tag: 'admin', auth: 'admin' } as const;

export const adminBroadcastAudienceApi = {
  recipients: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/broadcasts/recipients',
    permission: 'message.send',
    summary:
      'The member picker of the message form: members by the beginning of a mobile or part of a nickname',
    query: adminRecipientQuery,
    data: z.array(adminRecipient),
  }),
  audienceSize: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/broadcasts/audience',
    permission: 'message.send',
    summary: 'How many members a message to this audience reaches now (the confirmation before sending)',
    query: adminBroadcastAudienceQuery,
    data: z.strictObject({ total: z.number() }),
  }),
};
