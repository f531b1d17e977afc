/**
 * The shop's face to the other features: its orders as billing and the development portal's test
 * checkout find, close and reopen them, and which of them a customer's own screens show.
 */
export { cancelUrl } from "./cancel-link";
export { successUrl } from "./checkout-service";
export { ORDER_LINES_STYLE, orderLinesTable } from "./order-lines-html";
export { closeOpenOrder, findOrderById, findOrderBySession, moveOpenOrder, reopenOrder } from "./orders-repo";
export { shownToCustomer } from "./shown-orders";
