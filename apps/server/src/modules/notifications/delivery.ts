import { createNotificationDelivery } from '../../platform/notify/deliver.js';

/** The process's notification delivery, bound to the platform when the module's routes are registered. */
export const delivery = createNotificationDelivery();
