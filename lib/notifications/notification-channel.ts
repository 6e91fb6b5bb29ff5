/** NOTIFY channel of new notifications: the payload is the recipient's user id (lib/notifications/notification-stream-hub.ts). */
export const USER_NOTIFICATIONS_CHANNEL = "user_notifications";
