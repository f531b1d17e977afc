import { payAnswerSchema } from "../../../../shared/api/shop";
import { apiRequest } from "../../../lib/api-client";

/** A payment link's call: one product for the customer with this uid; answers where to pay. */
export async function startPaymentLink(uid: string, product: string): Promise<string> {
  const res = await apiRequest("POST", "/api/pay", { uid, product });
  return payAnswerSchema.parse(await res.json()).redirectUrl;
}
