import { sanitizeRichHtml } from '../../shared/html/rich-html';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';

/**
 * Manual transfer (手动打款): no vendor; the member reads the payee instructions the operator
 * configured, transfers the money, and the operator confirms with `order:mark-paid`. The
 * instructions are HTML from the settings, shown raw by the cashier page and by MeEdu's clients:
 * sanitised here, on the way out, so that a value saved before (or written straight to the
 * database) can run no script either.
 */
export const handPayInstructions = (settings: SettingsSnapshot) =>
  sanitizeRichHtml(settings.text('payment.handPay.introduction'));
