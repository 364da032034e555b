import { createHash, randomBytes } from 'node:crypto';

export const randomSecret = () => randomBytes(32).toString('base64url');

export const hashSecret = (value: string) => createHash('sha256').update(value).digest('base64url');
