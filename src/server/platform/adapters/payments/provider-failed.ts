import { HttpError } from "../../http/errors";
import type { ServerMessage } from "../../i18n/message";
import { PaymentProviderError } from "./port";

/** What the customer is told when the payment provider refuses: a sentence with the provider's `{reason}`. */
type FailedText = Omit<ServerMessage, "values">;

/**
 * The one answer to a payment provider that refused or failed: 502, the sentence of the step that
 * failed, with the provider's reason (safe to show, PaymentProviderError) in it.
 */
export function paymentProviderFailed(error: PaymentProviderError, text: FailedText): HttpError {
  return new HttpError(502, { ...text, values: { reason: error.message } });
}

/**
 * Runs one call to the payment provider: its refusal answers 502 (paymentProviderFailed), and
 * anything else it throws goes on as it is.
 */
export async function askPaymentProvider<T>(call: () => Promise<T>, text: FailedText): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw paymentProviderFailed(error, text);
    throw error;
  }
}
