import type { ResourceProps } from 'react-admin';

export const bots: Omit<ResourceProps, 'name'> = {};
