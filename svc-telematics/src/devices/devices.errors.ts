import type { ConstraintMeaning } from '@tms/service-kit';

/** A device's truck and driver live in svc-core (checked over NATS); its token hash is unique by chance alone. */
export const DEVICE_CONSTRAINTS: Record<string, ConstraintMeaning> = {};
