import type { SettingsSnapshot } from '../../shared/settings/settings-service';

/**
 * Manual transfer (手动打款): no vendor; the member reads the payee instructions the operator
 * configured, transfers the money, and the operator confirms with `order:mark-paid`.
 */
export const handPayInstructions = (settings: SettingsSnapshot) =>
  settings.text('payment.handPay.introduction');
