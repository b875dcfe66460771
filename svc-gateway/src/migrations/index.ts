import { GatewayUsersSessions1763780000000 } from './1763780000000-gateway-users-sessions.js';
import { CalendarFeeds1765300000000 } from './1765300000000-calendar-feeds.js';
import { CalendarFeedExpiry1766200000000 } from './1766200000000-calendar-feed-expiry.js';

/** Every gateway migration, in order; run at start-up by openDatabase (never synchronize). */
export const migrations = [GatewayUsersSessions1763780000000, CalendarFeeds1765300000000, CalendarFeedExpiry1766200000000];
