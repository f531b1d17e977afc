/**
 * Kept reads: the pages of a customer's list this instance built last, kept by customer and list
 * version, and served only while the version the database gives now is the one they were built at
 * (decision 079). A version is a row of `list_versions` that triggers move on with every change to
 * what the list shows, so nothing here is told of writes and nothing needs invalidating: a change,
 * from this instance or any other writer, shows in the version the next request reads.
 */
export { type ListVersions, listVersionOf } from "./list-versions";
export { createSizeBoundedLru } from "./size-bounded-lru";
export {
  answeredNotModified,
  createVersionedPages,
  sendCachedPage,
  sendWholeList,
} from "./versioned-pages";
