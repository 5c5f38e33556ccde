import { ApiError } from '../http/errors';

/** 400 naming the one field it refuses. */
export const invalidField = (field: string, message: string) =>
  new ApiError(400, 'invalid_input', message, { [field]: message });

/** 409: the value of this field is taken by another record. */
export const duplicateField = (field: string, message: string) =>
  new ApiError(409, 'duplicate', message, { [field]: message });
