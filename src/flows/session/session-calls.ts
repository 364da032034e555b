export { exchangeToken } from '../../api/exchange-token';
export { refreshToken } from '../../api/refresh-token';
export { signOut } from '../../api/sign-out';
