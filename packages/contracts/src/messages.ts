/**
 * Field messages the spec words the same for several entities: each is written here once, and every entity's
 * messages take it from here (a message appears in one source file).
 */
export const SHARED_MESSAGES = {
  name: 'Name is required',
  email: 'Invalid email address',
  phone: 'Phone number is required',
  type: 'Type is required',
  status: 'Status is required',
  assignedTruckNotFound: 'Assigned truck not found',
} as const;
