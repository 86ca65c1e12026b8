import type { FeatureModule } from '../../kernel/module';
import { deliverBroadcasts } from './broadcasts';
import adminBroadcastAudienceRoutes from './admin-routes';
import messagesRoutes from './routes';

/** The member's inbox, and the delivery of the console's group messages to it. */
export const messagesModule: FeatureModule = {
  name: 'messages',
  routes: [messagesRoutes, adminBroadcastAudienceRoutes],
  jobs: [
    {
      name: 'message-broadcasts',
      description:
        "Deliver the console's group messages in batches of 500 members, resuming where a run stopped",
      lockId: 72_530_110,
      intervalSeconds: 10,
      run: (services, now) => deliverBroadcasts(services.db, now),
    },
  ],
  migrations: ['0110_message_broadcasts.sql'],
};
