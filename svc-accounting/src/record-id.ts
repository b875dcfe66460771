const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for what can be a record's id (a uuid); anything else names no record. */
export const isRecordId = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);
