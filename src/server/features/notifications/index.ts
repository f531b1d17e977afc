/**
 * Notifications' face to the other features: what happened to a customer is recorded through the
 * notifier (and mailed when their preferences ask for it); the routes and the daily digest are wired
 * in by app.ts.
 */
export { createNotifier, type NewNotification, type Notifier, recordMailedNotification } from "./notifier";
export { mailPreferencesOf, mailTopicOn } from "./preferences";
