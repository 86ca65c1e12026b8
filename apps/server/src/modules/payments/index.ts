import type { FeatureModule } from '../../kernel/module';
import paymentGatewayRoutes from './gateway-routes';
import paymentRoutes from './routes';
import cashierRoutes from './cashier-routes';

/** Choosing and starting a payment; gateway notifications and our own payment pages. */
export const paymentsModule: FeatureModule = {
  name: 'payments',
  routes: [paymentRoutes, paymentGatewayRoutes, cashierRoutes],
};
