/** The server's words for a mailed link that cannot be used, shown also when a page has no token at all. */
export const INVALID_LINK_MESSAGE =
  "This link is invalid, has expired or has already been used. Please request a new one.";
