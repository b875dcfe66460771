import { GatewayUsersSessions1763780000000 } from './1763780000000-gateway-users-sessions.js';

/** Every gateway migration, in order; run at start-up by openDatabase (never synchronize). */
export const migrations = [GatewayUsersSessions1763780000000];
