import type { FeatureModule } from '../../kernel/module';
import { commerceCommands } from './commands';
import { expireUnpaidOrders } from './order-service';
import { resendAutomaticRefunds } from './refunds';
import promoAdminRoutes from './promo-admin';
import adminOrderRoutes from './admin-routes';
import orderRoutes from './routes';

/** VIP plans, promo codes, orders and their settlement. */
export const ordersModule: FeatureModule = {
  name: 'orders',
  routes: [orderRoutes, adminOrderRoutes, promoAdminRoutes],
  commands: commerceCommands,
  jobs: [
    {
      name: 'expire-unpaid-orders',
      description: 'Cancel orders left unpaid for 60 minutes and give their promo-code uses back',
      lockId: 72_530_051,
      intervalSeconds: 120,
      run: (services, now) => expireUnpaidOrders(services.db, now),
    },
    {
      name: 'resend-automatic-refunds',
      description:
        'Send again the automatic refunds of payments that delivered nothing, when their gateway has not acknowledged them',
      lockId: 72_530_160,
      intervalSeconds: 300,
      run: (services, now) => resendAutomaticRefunds(services, now),
    },
  ],
  migrations: ['0020_orders.sql', '0100_order_refunds.sql', '0120_promotions.sql', '0220_money_in_fen.sql'],
};
