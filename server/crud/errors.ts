import { ApiError, invalidInput } from '../http/errors';

/** 400 naming the one field it refuses. */
export const invalidField = invalidInput;

/** 409: the value of this field is taken by another record. */
export const duplicateField = (field: string, message: string) =>
  new ApiError(409, 'duplicate', message, { [field]: message });
